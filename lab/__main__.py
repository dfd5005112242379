"""`python -m lab …`: the win-rate lab's command line (see lab/winrate.py)."""

from lab.winrate import main

if __name__ == "__main__":
    raise SystemExit(main())
