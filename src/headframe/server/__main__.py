"""python -m headframe.server [--host H] [--port P] [--db FILE_OR_URL] [--bot-threads N]"""

from .cli import main

main()
