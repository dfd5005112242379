"""`python -m castellion`: see `castellion.cli`."""

import sys

from castellion.cli import main

if __name__ == "__main__":
    sys.exit(main())
