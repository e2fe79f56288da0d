"""The one way seats and teams are named to a learner (55-SEATS, 56-SEATS, issue #11 item 5)."""

from wording import said

from tutor.engine.messages import many
from tutor.teach.seats import seats_words, table_for


def _seats(*seats: int) -> str:
    """``seat 2`` / ``seats 0, 2 and 4``, as the catalog words them."""
    return said.n("seat {seats}", "seats {seats}", len(seats), seats=many(map(str, seats)))


def test_the_dealer_is_always_the_last_seat_and_seat_0_speaks_first():
    for game, n, side in (("55", 4, "left"), ("55", 3, "left"), ("56", 6, "right"),
                          ("56", 8, "right")):
        intro = table_for(game, n).intro()
        assert intro.startswith(said.n(
            f"{{n}} player: seat {{dealer}} deals, and seat 0 (on the dealer's {side}) speaks "
            "first.",
            f"{{n}} players: seat {{dealer}} deals, and seat 0 (on the dealer's {side}) speaks "
            "first.", n, dealer=n - 1)), intro


def test_56_teams_are_the_even_and_the_odd_seats_team_0_the_dealers_opponents():
    t = table_for("56", 6, you=2)
    assert t.partners == [0, 4]
    assert [t.relation(s) for s in range(6)] == ["partner", "opponent", "you", "opponent",
                                                   "partner", "opponent"]
    team = {i: said("team {number}", number=i) for i in (0, 1)}
    assert t.side_name(0) == said("{side} ({note}, {other})", side=team[0],
                                  note=said("your team"), other=said("the dealer's opponents"))
    assert t.side_name(1) == said("{side} ({note})", side=team[1], note=said("the dealer's team"))
    assert said("You are seat {seat}, in {side} with {partners}.", seat=2, side=team[0],
                partners=_seats(0, 4)) in t.intro()
    assert t.who(5) == said("the dealer (seat {seat}, an opponent)", seat=5)
    assert t.does(2, "win", capital=True) == said("{who} win", who=said("You (seat {seat})",
                                                                         seat=2))
    assert t.does(3, "win") == said("{who} wins", who=said("an opponent (seat {seat})", seat=3))


def test_55_plays_alone_by_default():
    t = table_for("55", 4, you=1)
    assert [t.who(s) for s in range(4)] == [said("seat {seat}", seat=0),
                                            said("you (seat {seat})", seat=1),
                                            said("seat {seat}", seat=2),
                                            said("the dealer (seat {seat})", seat=3)]
    assert t.intro().endswith(said("You are seat {seat}.", seat=1))
    assert table_for("55", 4, you=3).intro().endswith(said("You are seat {seat}, the dealer.",
                                                           seat=3))


def test_seats_words():
    assert seats_words([]) == said("nobody")
    assert seats_words([2]) == _seats(2)
    assert seats_words([0, 2, 4]) == _seats(0, 2, 4)
