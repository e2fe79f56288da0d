"""The one way seats and teams are named to a learner (55-SEATS, 56-SEATS, issue #11 item 5)."""

from tutor.teach.seats import seats_words, table_for


def test_the_dealer_is_always_the_last_seat_and_seat_0_speaks_first():
    for game, n, side in (("55", 4, "left"), ("55", 3, "left"), ("56", 6, "right"),
                          ("56", 8, "right")):
        intro = table_for(game, n).intro()
        assert intro.startswith(f"{n} players: seat {n - 1} deals, and seat 0 (on the dealer's "
                                f"{side}) speaks first.")


def test_56_teams_are_the_even_and_the_odd_seats_team_0_the_dealers_opponents():
    t = table_for("56", 6, you=2)
    assert t.partners == [0, 4]
    assert [t.relation(s) for s in range(6)] == ["partner", "opponent", "you", "opponent",
                                                   "partner", "opponent"]
    assert t.side_name(0) == "team 0 (your team, the dealer's opponents)"
    assert t.side_name(1) == "team 1 (the dealer's team)"
    assert "You are seat 2, in team 0 with seats 0 and 4." in t.intro()
    assert t.who(5) == "the dealer (seat 5, an opponent)"
    assert t.does(2, "win", capital=True) == "You (seat 2) win"
    assert t.does(3, "win") == "an opponent (seat 3) wins"


def test_55_plays_alone_by_default():
    t = table_for("55", 4, you=1)
    assert [t.who(s) for s in range(4)] == ["seat 0", "you (seat 1)", "seat 2",
                                            "the dealer (seat 3)"]
    assert t.intro().endswith("You are seat 1.")
    assert table_for("55", 4, you=3).intro().endswith("You are seat 3, the dealer.")


def test_seats_words():
    assert seats_words([]) == "nobody"
    assert seats_words([2]) == "seat 2"
    assert seats_words([0, 2, 4]) == "seats 0, 2 and 4"
