"""python -m headframe.server [--host H] [--port P] [--db FILE_OR_URL] [--bot-workers N] [--max-think S] [--models DIR]"""

from .cli import main

main()
