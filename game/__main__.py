"""`python -m game`: the same command line as `mare` (the one place `game` reaches tools)."""

import sys

from tools.cli import main

sys.exit(main())
