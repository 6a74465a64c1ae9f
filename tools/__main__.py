"""`python -m tools`: the same command line as `mare`."""

import sys

from tools.cli import main

sys.exit(main())
