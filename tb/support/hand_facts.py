"""Published facts about poker hands that several tests check against: how many of the
133,784,560 seven-card hands fall in each category, and hands that trap a careless evaluator."""

from pokerhdl.golden.hands import make_word


SEVEN_CARD_COUNTS = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]


TRAPS = [  # (cards, expected word, description)
    ("Kh Kd Ks 7c 7d 7s 2c", make_word(6, [11, 5]), "Full house, kings full of sevens"),
    ("9h Th Jh Qh 2h Kc 8d", make_word(5, [10, 9, 8, 7, 0]), "Flush, queen high"),
    ("Ah 2d 3c 4s 5h 9c Kd", make_word(4, [3]), "Straight, five high"),
    ("Ah 2h 3h 4h 5h 9c Kd", make_word(8, [3]), "Straight flush, five high"),
    ("Ah 2h 3h 4h 5h 6h Kd", make_word(8, [4]), "Straight flush, six high"),
    ("As Ks Qs Js Ts 9s 8s", make_word(8, [12]), "Royal flush"),
    ("2s 4s 6s 8s Ts Qs As", make_word(5, [12, 10, 8, 6, 4]), "Flush, ace high"),
    ("Ah Ad Kc Ks 7d 7c 2s", make_word(2, [12, 11, 5]), "Two pair, aces and kings"),
    ("Ah Ad Kc Ks 7d 7c Qs", make_word(2, [12, 11, 10]), "Two pair, aces and kings"),
    ("9c 9d 9h 9s 5c 5d 5h", make_word(7, [7, 3]), "Four of a kind, nines"),
    ("9c 9d 9h 9s 5c 5d 6h", make_word(7, [7, 4]), "Four of a kind, nines"),
    ("9c 9d 9h 9s Ac 5d 5h", make_word(7, [7, 12]), "Four of a kind, nines"),
    ("5c 6d 7h 8s 9c Tc Jc", make_word(4, [9]), "Straight, jack high"),
    ("2c 3d 4h 5s 7c 8d 9h", make_word(0, [7, 6, 5, 3, 2]), "High card, nine high"),
    ("Jc Jd 8h 5s 2c 3d 9h", make_word(1, [9, 7, 6, 3, 0]), "Pair of jacks"),
    ("Qc Qd Qh 5s 2c 3d 9h", make_word(3, [10, 7, 3, 0, 0]), "Three of a kind, queens"),
]
