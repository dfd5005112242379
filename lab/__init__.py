"""The lab: the computer player measured over many seeded deals, for the developers.

    python -m lab --level intro --games 200              the win-rate table (lab/winrate.py)
    python -m lab --calibration --level intro ...         the win chance against outcomes (lab/calibration.py)
    python -m lab --fit-prior --from docs/lab/...         the spread of win chances fitted (ai/prior.py)

It sits beside `bench/`, outside the game's package: it imports `castellion`, nothing in
`castellion` imports it, and neither the wheel nor the frozen build carries it
(tests/packaging). Run it from the repository's root (`make lab` plays a short table).
"""
