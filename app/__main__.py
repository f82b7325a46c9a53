"""`python -m app` starts the program."""

import sys

from .main import main

sys.exit(main())
