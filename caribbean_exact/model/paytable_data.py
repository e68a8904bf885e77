"""The built-in pay tables as Python data, written from data/paytables.toml (the file users copy
for their own tables): the command line builds them without loading a TOML reader (start-up, issue
#24). Generated, do not edit: after a change of the TOML file, ``python tests/model/test_paytable_data.py
--refresh`` rewrites this module; tests/model/test_paytable_data.py fails while the two differ.
"""

from __future__ import annotations

#: Each table as the TOML file gives it: name, the ten pays royal flush first as (numerator,
#: denominator), where it is played, where it is documented.
TABLES: tuple[tuple[str, tuple[tuple[int, int], ...], str, str], ...] = (
    (
        "standard",
        ((100, 1), (50, 1), (20, 1), (7, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (1, 1)),
        ("Quebec casinos (Casino de Montreal, Charlevoix, Mont-Tremblant), typical US casinos (Trump "
         "Marina, Atlantic City); usually with a $5,000 cap per bet"),
        "seed rule texts 000 (Loto-Quebec casinos), 001 (typical US casinos), 004 (Trump Marina)",
    ),
    (
        "live-dealer",
        ((100, 1), (50, 1), (25, 1), (10, 1), (7, 1), (5, 1), (3, 1), (2, 1), (1, 1), (1, 1)),
        "Live-dealer online Caribbean Stud with the 5+1 Bonus side bet (stated RTP 96.30%)",
        "seed rule text 003 (live-dealer game rules, 12/02/2020)",
    ),
    (
        "royal-250",
        ((250, 1), (50, 1), (20, 1), (7, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (1, 1)),
        ("NagaWorld, Phnom Penh (Cambodia): royal flush 250 to 1, otherwise standard; $5,000 maximum "
         "payout"),
        "http://www.nagaworld.com/play/the-world-best-games/caribbean-stud-poker",
    ),
)
