"""`python -m castellion`, and the frozen build's entry script (build/pyinstaller.spec): see
`castellion.cli`.

Everything happens under the `__main__` guard: the computer player's child process (spawned, see
`castellion.ai.pool`) imports this module as `__mp_main__`, and must neither open a window nor run
the game. `freeze_support()` comes first: in the frozen build a spawned child is this same program
started with `--multiprocessing-fork`, and it must run the child's loop, not the game.
"""

import sys

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()

    from castellion.cli import main

    sys.exit(main())
