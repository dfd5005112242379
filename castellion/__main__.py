"""`python -m castellion`: see `castellion.app`."""

import sys

from castellion.app import main

if __name__ == "__main__":
    sys.exit(main())
