"""A stand-in for a web process behind the front (`test_front.py`): it answers each
connection handed to it with its process id and the request line it read.
python -m tests.server.front_stand_in FD"""

import os
import socket
import sys
import threading


def answer(connection: socket.socket) -> None:
    with connection:
        connection.settimeout(10)
        try:
            first = connection.recv(1024).split(b"\r\n")[0]
        except TimeoutError:
            first = b""
        body = b"%d %s" % (os.getpid(), first)
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))


def main() -> None:
    channel = socket.socket(fileno=int(sys.argv[1]))
    while True:
        message, descriptors, _, _ = socket.recv_fds(channel, 16, 16)
        if not message:
            return
        for descriptor in descriptors:
            threading.Thread(target=answer, args=(socket.socket(fileno=descriptor),), daemon=True).start()


if __name__ == "__main__":
    main()
