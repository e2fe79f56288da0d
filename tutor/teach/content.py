"""Lesson content as data: the lesson map, the teacher's saved positions, the exercises.

Positions are in the project's notation (``tutor.games.g55.notation``, ``...g56.notation``);
``validate()`` checks every piece (a test runs it), so a typo in a lesson is caught before a
learner meets it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.errors import InputError
from ..engine.rulebook import rules
from ..games.registry import find_game
from .positions55 import POSITIONS_55
from .positions56 import POSITIONS_56
from .questions import GAMES, KINDS, check_kind


@dataclass(frozen=True)
class Page:
    """A page of the app: its notebook (relative to ``lessons/``), title and summary."""

    notebook: str
    title: str
    summary: str
    game: str | None = None  # "55", "56" or None (both)
    rules: tuple[str, ...] = ()  # the rule IDs it teaches
    track: str | None = None  # "55" or "56" for a lesson of that track; None for a tool
    after: str = ""  # what the learner can do after the lesson


@dataclass(frozen=True)
class SavedPosition:
    """A position the teacher's board offers, with what it is good for."""

    name: str
    game: str
    text: str
    goal: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: a position, the seat whose decision it is, and what to look at.
    The learner tries cards (or calls) there; the engine says why each is allowed or not."""

    name: str
    game: str
    text: str
    seat: int
    caption: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    """One column of a comparison: settings (empty = the standard rules) and what they say."""

    label: str
    settings: tuple[tuple[str, object], ...]
    note: str


@dataclass(frozen=True)
class Comparison:
    """A house rule shown on one position under the standard rules and its variants.
    ``aspect`` is what is compared: ``legal`` (the cards the seat to act may play),
    ``winner`` (who won the last trick), ``calls`` (who speaks and the calls allowed),
    ``leader`` (who leads the first trick) or ``score`` (the hand played out, then scored).
    ``then``: calls made after the position is loaded, under each variant."""

    name: str
    game: str
    setting: str
    text: str
    aspect: str
    variants: tuple[Variant, ...]
    summary: str
    rules: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    probe: tuple[str, ...] = ()  # calls whose legality each column reports (``calls``)


@dataclass(frozen=True)
class Exercise:
    """A checked exercise: ``count`` engine-generated questions of these kinds.  ``seed`` is
    the reference run the tests check; a learner's exercise widget draws a fresh seed of its
    own (``tutor.teach.questions.fresh_seed``), so that a reload asks other questions."""

    name: str
    game: str
    kinds: tuple[str, ...]
    count: int = 5
    seed: int = 1
    rules: tuple[str, ...] = field(default=())


LESSONS_55: tuple[Page, ...] = (
    Page("55/01-cards.ipynb", "1. The cards: high in red, low in black",
         "The pack, the deal and the kitty, and how the cards of a plain suit rank.", "55",
         ("55-DECK", "55-DEAL", "55-RANK-PLAIN"), "55",
         "rank the cards of any plain suit, red or black, and say which card wins a trick "
         "without trumps."),
    Page("55/02-trumps.ipynb", "2. The trump suit",
         "The 5, the jack and the A♥ on top, then the rest: all four trump suits side by side.",
         "55", ("55-AH", "55-TOP3", "55-TRUMP-SUIT", "55-RANK-TRUMP"), "55",
         "name every trump for any trump suit, best first, and spot the A♥ as a trump."),
    Page("55/03-following.ipynb", "3. Following a plain lead",
         "Follow suit or trump; you may always trump; with none of the suit, anything goes.",
         "55", ("55-LEAD", "55-FOLLOW-PLAIN", "55-RUFF", "55-VOID"), "55",
         "pick every card you may play when a plain suit is led."),
    Page("55/04-renege.ipynb", "4. Renege rights",
         "When the 5, the jack and the A♥ may be kept back on a trump lead, and when they are "
         "forced.", "55", ("55-TRUMP-LEAD", "55-RENEGE", "55-AH", "55-VOID"), "55",
         "say when a top trump may be kept back and when a led trump forces it, including the "
         "cases most players get wrong."),
    Page("55/05-winning.ipynb", "5. Who wins the trick",
         "The best trump wins; with no trump, the best card of the led suit.", "55",
         ("55-TRICK-WIN", "55-RANK-TRUMP", "55-RANK-PLAIN"), "55",
         "tell at a glance which card wins any trick, and why."),
    Page("55/06-auction.ipynb", "6. The auction, the kitty and trumps",
         "Bids of 10 to 60, the dealer's hold, the held bidder's answer, then the kitty and "
         "naming trumps.", "55",
         ("55-BID-VALUES", "55-BID-ORDER", "55-BID-RAISE", "55-BID-DEALER", "55-BID-HOLD",
          "55-BID-HELD", "55-BID-SIXTY", "55-BID-ALLPASS", "55-KITTY", "55-DISCARD",
          "55-TRUMP-NAME"), "55",
         "make and answer every call of the auction, hold as dealer, and take the kitty and "
         "name trumps."),
    Page("55/07-scoring.ipynb", "7. Scoring and winning",
         "Tricks and the best-trump bonus, making or failing the bid, 60, and the race to 55.",
         "55", ("55-SCORE-TRICK", "55-SCORE-BONUS", "55-SCORE-BID", "55-SCORE-SIXTY",
                "55-SCORE-ALL-FIVE", "55-SCORE-OTHERS", "55-GAME-TARGET", "55-GAME-RACE"),
         "55", "score a hand of 55 and say who has won the game."),
    Page("55/08-guided.ipynb", "8. Guided hands",
         "Play whole hands against the tutor: lessons with goals, and free practice with a "
         "replayable seed.", "55",
         ("55-TRICK-WIN", "55-TRUMP-LEAD", "55-SCORE-BID", "55-SCORE-BONUS"), "55",
         "play a whole hand of 55, from the auction to the score."),
    Page("55/09-house-rules.ipynb", "9. House rules",
         "The common variants, each shown on the same position as the standard rule.", "55",
         ("55-RENEGE", "55-AH-LEAD", "55-RANK-PLAIN", "55-BID-HOLD", "55-BID-DEALER-RAISE",
          "55-BID-HELD", "55-LEAD", "55-SCORE-BID", "55-SCORE-SIXTY", "55-GAME-RACE"), "55",
         "agree the house rules before a game and play by any of them."),
)

LESSONS_56: tuple[Page, ...] = (
    Page("56/01-deck.ipynb", "1. The deck, the teams and the seats",
         "Two packs stripped for 4, 6 or 8 players, two teams in alternate seats, play to the "
         "right.", "56", ("56-PLAYERS", "56-TEAMS", "56-SEATS", "56-DEALER", "56-DECK",
                          "56-DEAL"), "56",
         "set out a table of 56 for 4, 6 or 8 players: the deck, the teams, who deals, who "
         "speaks and leads first, and which way the play goes."),
    Page("56/02-ranks.ipynb", "2. Ranks and points",
         "J 9 A 10 K Q in every suit, the card points that add up to 56, and twin cards.",
         "56", ("56-RANK", "56-POINTS", "56-COPIES", "56-IDENTICAL"), "56",
         "rank the cards of 56, count the points in any trick, and settle a tie between "
         "identical cards."),
    Page("56/03-trick.ipynb", "3. Playing a trick",
         "Follow suit; no duty to trump; who wins and how many points the trick holds.", "56",
         ("56-LEAD", "56-FOLLOW", "56-VOID", "56-TRICK", "56-IDENTICAL"), "56",
         "say which cards may be played, who wins the trick and what it is worth."),
    Page("56/04-auction.ipynb", "4. The auction",
         "Bids from 28 to 56, the number alone ranks, passing and coming back in, double and "
         "redouble, the all-pass contract.", "56",
         ("56-AUCTION", "56-BID-RANGE", "56-BID-HIGHER", "56-PASS", "56-DOUBLE", "56-REDOUBLE",
          "56-CANCEL", "56-END",
          "56-ALL-PASS", "56-CONTRACT"), "56",
         "make every legal call of a 56 auction and know when it ends and what the contract is."),
    Page("56/05-conventions.ipynb", "5. Bidding conventions",
         "The six spoken styles and what each tells a partner, with a bid explainer for any "
         "auction.", "56", ("56-STYLE", "56-PLUS", "56-NOES", "56-CONV"), "56",
         "read what partner's bid shows, and choose the bid that describes your hand."),
    Page("56/06-tables.ipynb", "6. Scoring in tables",
         "Made or failed, the table tiers, double and redouble, paying what you hold, the end "
         "of the match.", "56",
         ("56-MADE", "56-TIERS", "56-MULT", "56-TRANSFER", "56-PAY-ALL", "56-ELIM",
          "56-MATCH"), "56",
         "settle any hand in tables and say when the match is over."),
    Page("56/07-guided.ipynb", "7. Guided hands",
         "Play whole hands for 4, 6 and 8 players with tutor partners and opponents: every "
         "bid's meaning, the tricks and the settlement.", "56",
         ("56-CONV", "56-FOLLOW", "56-TRICK", "56-MADE", "56-TIERS"), "56",
         "play a whole hand of 56 with partners, from the auction to the settlement."),
    Page("56/08-house-rules.ipynb", "8. House rules, and how 28 differs",
         "The common variants side by side with the standard rules, and the hidden trump of "
         "28, which 56 does not have.", "56",
         ("56-PASS-FINAL", "56-PARTNER-MIN", "56-PLUS-NT", "56-FORCED-BID", "56-TIERS",
          "56-MULT", "56-ELIM"), "56",
         "agree the house rules of a 56 table, and tell 56 from 28."),
)

PAGES: tuple[Page, ...] = (
    Page("index.ipynb", "Start", "The lesson map, and the trumps of 55 at a glance."),
    Page("board.ipynb", "Teacher's board", "Paste a position, show every hand or one seat's "
         "view, step through the plays with undo, and switch to projector size."),
    Page("explorer.ipynb", "Ranking explorer", "Choose the trump suit, see every card's place "
         "and compare two cards, for 55 and 56.", None,
         ("55-RANK-TRUMP", "55-RANK-PLAIN", "55-TRICK-WIN", "56-RANK", "56-TRICK")),
    Page("practice.ipynb", "Practice quiz", "Unlimited questions on legal plays, trick "
         "winners, rankings, calls and scores, for 55 and 56."),
) + LESSONS_55 + LESSONS_56

BOARD_POSITIONS: tuple[SavedPosition, ...] = (
    SavedPosition("55: the A♥ is not a heart", "55", """\
game: 55
players: 4
dealer: 3
hand 0: 3D 7S QC 4H KH
hand 1: AH 5C 8C 2S 9D
hand 2: 10S QD 2H 6C JC
hand 3: 3C 4S 9S 7D KS
calls: pass pass 20 pass
discards: 2C 3S 8S JS 5D
kitty: 2C 3S 8S JS 5D
trump: D
""", "Seat 0 leads K♥: seat 1 holds the A♥ but no heart, so it may play anything.",
                  ("55-AH", "55-VOID")),
    SavedPosition("55: renege with the led card", "55", """\
game: 55
players: 3
dealer: 2
hand 0: 7S KD 2C 9H 3H
hand 1: 5S AH QC 4D 6H
hand 2: AS 9S 8D 10C JD
calls: pass 15 pass
discards: 2S 3S 4S 6S 8S
kitty: 2S 3S 4S 6S 8S
trump: S
""", "Seat 0 leads the 7♠: seat 1's 5♠ and A♥ both outrank it, so seat 1 may keep them back.",
                  ("55-RENEGE", "55-TRUMP-LEAD")),
    SavedPosition("56: follow suit, no duty to trump", "56", """\
game: 56
players: 4
dealer: 3
hand 0: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 1: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
hand 2: JS 9S AS 10S KS QS JH 9H AH 10H KH QH
hand 3: JD 9D AD 10D KD QD JC 9C AC 10C KC QC
calls: 28S pass +2H pass pass pass
""", "Hearts are trumps. Seat 0 leads a spade: seats 1 and 3 hold none and may play anything.",
                  ("56-FOLLOW", "56-VOID")),
)

EXERCISES: tuple[Exercise, ...] = (
    Exercise("practice-55", "55", KINDS, 10, 1),
    Exercise("practice-56", "56", KINDS, 10, 1),
    Exercise("55-cards", "55", ("card_order:plain", "trick_winner:plain"), 6, 1,
             ("55-RANK-PLAIN",)),
    Exercise("55-trumps", "55", ("card_order", "find_trumps"), 6, 2,
             ("55-RANK-TRUMP", "55-AH")),
    Exercise("55-following", "55", ("legal_cards:plain_lead",), 6, 3,
             ("55-FOLLOW-PLAIN", "55-RUFF", "55-VOID")),
    Exercise("55-renege", "55", ("legal_cards:trump_lead",), 6, 4,
             ("55-TRUMP-LEAD", "55-RENEGE")),
    Exercise("55-winning", "55", ("trick_winner",), 6, 5, ("55-TRICK-WIN",)),
    Exercise("55-auction", "55", ("legal_calls",), 5, 6,
             ("55-BID-RAISE", "55-BID-DEALER", "55-BID-HOLD")),
    Exercise("55-scoring", "55", ("score_hand",), 5, 7, ("55-SCORE-BID", "55-SCORE-BONUS")),
    Exercise("55-guided", "55", ("legal_cards", "trick_winner", "legal_calls", "score_hand",
                                 "legal_cards:trump_lead"), 5, 8),
    Exercise("55-house-rules", "55", ("legal_cards:house", "trick_winner:house"), 6, 9,
             ("55-RENEGE", "55-AH-LEAD", "55-RANK-PLAIN")),
    Exercise("56-deck", "56", ("seats56", "deck56"), 6, 1,
             ("56-SEATS", "56-TEAMS", "56-DECK")),
    Exercise("56-ranks", "56", ("card_order", "trick_points", "trick_winner:twins"), 6, 2,
             ("56-RANK", "56-POINTS", "56-IDENTICAL")),
    Exercise("56-trick", "56", ("legal_cards", "trick_winner", "trick_points"), 6, 3,
             ("56-FOLLOW", "56-VOID", "56-TRICK")),
    Exercise("56-auction", "56", ("legal_calls",), 5, 4, ("56-BID-HIGHER", "56-DOUBLE")),
    Exercise("56-conventions", "56", ("bid_meaning", "bid_choice"), 6, 5, ("56-CONV",)),
    Exercise("56-tables", "56", ("tables56", "score_hand"), 6, 6,
             ("56-TIERS", "56-MULT", "56-PAY-ALL")),
    Exercise("56-guided", "56", ("legal_cards", "trick_winner", "bid_meaning", "legal_calls",
                                 "score_hand"), 5, 7),
    Exercise("56-house-rules", "56", ("legal_calls:house56",), 5, 8,
             ("56-PASS-FINAL", "56-PARTNER-MIN", "56-PLUS-NT", "56-FORCED-BID")),
)

P55 = POSITIONS_55
EXAMPLES: tuple[Example, ...] = (
    Example("55-plain", "55", P55["plain"], 2,
            "Diamonds are trumps and seat 0 led the 9♣; seat 1 played the 3♣, which is winning "
            "so far: clubs are black, so the low numbers are the good ones. You hold the A♣, "
            "the 10♣ and the Q♦ (a trump). Try each: which one would win the trick?",
            ("55-RANK-PLAIN", "55-TRICK-WIN")),
    Example("55-trumps", "55", P55["trumps"], 2,
            "Clubs are trumps. Seat 0 led the A♣ and seat 1 topped it with the A♥, the third "
            "best trump. You hold the J♣ and the 10♣: play one and see which trump wins.",
            ("55-AH", "55-RANK-TRUMP")),
    Example("55-follow", "55", P55["follow"], 1,
            "Hearts are trumps and seat 0 led the 8♠. You hold two spades and a heart: you may "
            "follow with a spade or trump with the 6♥, but not throw the Q♦ or the 3♣.",
            ("55-FOLLOW-PLAIN", "55-RUFF")),
    Example("55-void", "55", P55["void"], 2,
            "Spades are trumps and diamonds were led. You hold no diamond, so every card is "
            "allowed: trump with the 9♠, or throw a card you do not need.",
            ("55-VOID",)),
    Example("55-renege", "55", P55["renege-keep"], 1,
            "Spades are trumps and seat 0 led the 7♠. Your only trumps are the 5♠ and the A♥, "
            "both better than the 7♠, so you may keep them back and play any card.",
            ("55-RENEGE",)),
    Example("55-five-led", "55", P55["five-led"], 1,
            "Diamonds are trumps and seat 0 led the 5♦, the best trump. Your J♦ ranks below "
            "it, so it has no privilege here: you must play it.",
            ("55-RENEGE", "55-TRUMP-LEAD")),
    Example("55-higher-played", "55", P55["higher-played"], 2,
            "Hearts are trumps. Seat 0 led the 4♥ and seat 1 played the 5♥. Your J♥ ranks above "
            "the led card, so you may still keep it back: a higher trump *played* does not force "
            "it, only the card led counts.",
            ("55-RENEGE",)),
    Example("55-ah-not-heart", "55", P55["ah-not-heart"], 1,
            "Diamonds are trumps and seat 0 led the K♥. You hold the A♥ but no other heart: the "
            "A♥ is a trump, not a heart, so you are void in hearts and may play anything.",
            ("55-AH", "55-VOID")),
    Example("55-who-wins", "55", P55["who-wins"], 2,
            "Diamonds are trumps. Seat 0 led the K♠ and seat 1 trumped with the A♥. Which of "
            "your cards beats it? Try the 10♦, the 5♦ and the Q♠.",
            ("55-TRICK-WIN", "55-RANK-TRUMP")),
    Example("55-auction-dealer", "55", P55["auction-dealer"], 3,
            "You are the dealer. Seat 0 bid 15, seat 1 bid 20 and seat 2 passed. You may pass, "
            "hold the 20 (the dealer may equal a bid), or bid 25 or 60; 10 and 15 are too low.",
            ("55-BID-DEALER", "55-BID-HOLD", "55-BID-RAISE")),
    Example("55-auction-held", "55", P55["auction-held"], 1,
            "You bid 20 and the dealer held it. Now only you may speak: pass (the dealer plays "
            "at 20) or bid higher. You cannot hold: only the dealer can.",
            ("55-BID-HELD", "55-BID-HOLD")),
    Example("55-score", "55", P55["score-made"], 1,
            "Seat 2 bid 20 and has won every trick so far. Play your last card: the hand ends "
            "and is scored. Five tricks on a bid of 20 score 30 (25 if no trump was played), "
            "not 60.",
            ("55-SCORE-TRICK", "55-SCORE-BONUS", "55-SCORE-ALL-FIVE")),
    Example("55-sixty", "55", P55["sixty-failed"], 3,
            "Seat 2 bid 60, which needs all five tricks, and has already lost two. Play your "
            "last card and see what the failed 60 costs.",
            ("55-SCORE-SIXTY",)),
)

P56 = POSITIONS_56
EXAMPLES += (
    Example("56-twin", "56", P56["twin"], 0,
            "Hearts are trumps. Seat 1 led the J♥; seats 2, 4 and 5 followed with hearts and "
            "seat 3, holding none, played the J♣. You hold the other "
            "J♥, your only heart, so you must play it: it is identical to the led one, and of "
            "two identical cards the one played first wins.",
            ("56-IDENTICAL", "56-COPIES")),
    Example("56-follow", "56", P56["follow"], 0,
            "Hearts are trumps and clubs were led. You hold clubs, so you must play one: you may "
            "not trump while you can follow suit.", ("56-FOLLOW",)),
    Example("56-void", "56", P56["void"], 0,
            "Diamonds are trumps and hearts were led. You hold no heart, so any card is "
            "allowed: you may trump, but you need not; there is no duty to trump.",
            ("56-VOID",)),
    Example("56-auction-open", "56", P56["auction-open"], 0,
            "You are seat 0, on the dealer's right: you call first. Any bid from 28 to 56 may "
            "open, or you may pass; there is nothing to double yet.",
            ("56-AUCTION", "56-BID-HIGHER", "56-DOUBLE")),
    Example("56-double", "56", P56["double"], 1,
            "Seat 0, an opponent, bid 28 Diamonds. You may bid higher (the number alone "
            "counts, whatever the suit), pass, or double: you expect their 28 to fail.",
            ("56-BID-HIGHER", "56-DOUBLE")),
    Example("56-partner", "56", P56["partner"], 2,
            "Your partner, seat 0, bid 28 Diamonds. You may pass or bid higher, but you may "
            "not double your own team's bid.", ("56-DOUBLE", "56-BID-HIGHER")),
    Example("56-pass-back", "56", P56["pass-back"], 0,
            "You passed at your first turn. In 56 a pass is not final: now that seat 4 has "
            "bid, you may come back in with a higher bid.", ("56-PASS",)),
    Example("56-score", "56", P56["score"], 0,
            "Your team bid 30 Spades. Play the last card: the points are counted and the "
            "tables change hands.", ("56-MADE", "56-TIERS", "56-TRANSFER")),
)

STANDARD = "Standard"
COMPARISONS: tuple[Comparison, ...] = (
    Comparison("renege_mode", "55", "renege_mode", P55["higher-played"], "legal", (
        Variant(STANDARD, (), "A top trump above the led card may be kept back: the J♥ "
                "outranks the led 4♥, so any card may be played."),
        Variant("Highest in trick", (("renege_mode", "highest_in_trick"),),
                "A top trump may be kept back only if it outranks every trump in the trick: "
                "the 5♥ has been played, so the J♥ must be played."),
        Variant("Only the 5", (("renege_mode", "five_only"),),
                "Only the 5 has the privilege: the J♥ is an ordinary trump and must answer."),
        Variant("No renege", (("renege_mode", "none"),),
                "No trump may be kept back on a trump lead."),
    ), "Which top trumps may renege. Plain leads are the same under every choice.",
        ("55-RENEGE",)),
    Comparison("ah_lead_forces_hearts", "55", "ah_lead_forces_hearts", P55["ah-lead"], "legal", (
        Variant(STANDARD, (), "The A♥ lead is a trump lead; with no trump you may play any card."),
        Variant("A♥ lead calls for hearts", (("ah_lead_forces_hearts", True),),
                "A player who need not play a trump but holds a heart must play a heart "
                "or a trump."),
    ), "What a lead of the A♥ asks of a player with no trump.", ("55-AH-LEAD", "55-AH")),
    Comparison("plain_ace_high", "55", "plain_ace_high", P55["ace-high"], "winner", (
        Variant(STANDARD, (), "In black plain suits the ace ranks below the jack: K♣ wins."),
        Variant("Aces high", (("plain_ace_high", True),),
                "The ace is above the king in every plain suit: A♣ wins."),
    ), "Where the ace of a plain suit ranks.", ("55-RANK-PLAIN",)),
    Comparison("min_dealer_hold", "55", "min_dealer_hold", P55["min-hold"], "calls", (
        Variant(STANDARD, (), "The dealer may hold any bid, even 10."),
        Variant("Hold 15 or more", (("min_dealer_hold", 15),),
                "The dealer may hold only a bid of 15 or more: here they must pass or bid."),
    ), "Which bids the dealer may hold.", ("55-BID-HOLD",)),
    Comparison("dealer_raise_closes", "55", "dealer_raise_closes", P55["dealer-raise"], "calls", (
        Variant(STANDARD, (), "A dealer who bids higher wins the auction at once."),
        Variant("Raise can be answered", (("dealer_raise_closes", False),),
                "The player outbid by the dealer may answer, like after a hold."),
    ), "What happens when the dealer bids over a bid instead of holding it.",
        ("55-BID-DEALER-RAISE",), then=("25",)),
    Comparison("reentry_after_hold", "55", "reentry_after_hold", P55["reentry"], "calls", (
        Variant(STANDARD, (), "After a hold only the held bidder speaks."),
        Variant("Everyone still in", (("reentry_after_hold", "all_not_passed"),),
                "Every player who has not passed speaks again, the outbid seat 0 first."),
    ), "Who may speak after the dealer holds.", ("55-BID-HELD",)),
    Comparison("first_lead", "55", "first_lead", P55["first-lead"], "leader", (
        Variant(STANDARD, (), "The player on the dealer's left leads."),
        Variant("Bidder leads", (("first_lead", "bidder"),), "The bidder leads."),
        Variant("Bidder's left", (("first_lead", "bidder_left"),),
                "The player on the bidder's left leads."),
    ), "Who leads to the first trick.", ("55-LEAD",)),
    Comparison("bidder_scores", "55", "bidder_scores", P55["score-made"], "score", (
        Variant(STANDARD, (), "A made bid scores the hand points: 30."),
        Variant("Score the bid", (("bidder_scores", "bid"),), "A made bid scores the bid: 20."),
    ), "What a bidder who makes the bid scores.", ("55-SCORE-BID",)),
    Comparison("sixty", "55", "sixty", P55["sixty-failed"], "score", (
        Variant(STANDARD, (), "A failed 60 costs 60."),
        Variant("60 / −30", (("sixty", (60, -30)),), "A failed 60 costs only 30."),
    ), "What a bid of 60 wins or loses.", ("55-SCORE-SIXTY",)),
    Comparison("pass_is_final", "56", "pass_is_final", P56["pass-back"], "calls", (
        Variant(STANDARD, (), "A pass is not final: seat 0 may come back in with a bid."),
        Variant("A pass is final", (("pass_is_final", True),),
                "Seat 0 passed once, so it may only pass now."),
    ), "Whether a player who passed may bid again.", ("56-PASS-FINAL", "56-PASS")),
    Comparison("partner_overcall_min", "56", "partner_overcall_min", P56["partner"], "calls", (
        Variant(STANDARD, (), "Over partner's 28 any higher bid will do."),
        Variant("Over partner: 40 or more", (("partner_overcall_min", 40),),
                "Over your own team's bid a new bid must be at least 40."),
    ), "How high you must go to bid over your partner.", ("56-PARTNER-MIN",)),
    Comparison("allow_plus_nt", "56", "allow_plus_nt", P56["partner"], "calls", (
        Variant(STANDARD, (), "Plus N is spoken in a suit or in Noes, not in no-trumps."),
        Variant("Plus N No-trumps", (("allow_plus_nt", True),),
                "\"Plus one No-trumps\" is allowed as well."),
    ), "Whether Plus N No-trumps may be bid.", ("56-PLUS-NT",), probe=("+1NT",)),
    Comparison("all_pass", "56", "all_pass", P56["all-pass"], "calls", (
        Variant(STANDARD, (), "Seat 4 may pass too; if everyone passes, the dealer's "
                "opponents play 28 no-trumps."),
        Variant("Last non-dealer must bid", (("all_pass", "force_last_nondealer"),),
                "After four passes seat 4 may not pass: it must bid."),
    ), "What happens when nobody wants to bid.", ("56-FORCED-BID", "56-ALL-PASS")),
    Comparison("tiers", "56", "tiers", P56["score-48"], "score", (
        Variant(STANDARD, (), "A bid of 48 pays 3 tables made, 4 failed."),
        Variant("40–55 one tier", (("tiers", "alt_40_55"),),
                "40 to 55 all pay 2 made, 3 failed; only 56 pays more."),
    ), "How many tables a bid is worth.", ("56-TIERS",)),
    Comparison("redouble_mult", "56", "redouble_mult", P56["score-redbl"], "score", (
        Variant(STANDARD, (), "A redoubled contract pays four times the tier."),
        Variant("Redouble ×3", (("redouble_mult", 3),), "A redouble triples the tier."),
    ), "What a redouble multiplies by.", ("56-MULT",)),
    Comparison("elimination", "56", "elimination", P56["score-redbl-low"], "score", (
        Variant(STANDARD, (), "Red pays its last tables and, with none left, loses the match."),
        Variant("Lose when you cannot pay", (("elimination", "cannot_pay"),),
                "Red could pay exactly what it owed, so it stays in at 0 tables."),
    ), "When a team has lost the match.", ("56-ELIM", "56-PAY-ALL")),
)


def page(notebook: str) -> Page:
    for p in PAGES:
        if p.notebook == notebook:
            return p
    raise KeyError(f"no page {notebook!r}")


def parse_saved(position: SavedPosition):
    """The position of a saved entry, parsed with its game's notation."""
    return find_game(position.game).notation.parse_position(position.text)


def validate() -> list[str]:
    """Every problem in the content, as lines (empty when all is well)."""
    problems = []

    def check_rules(where: str, ids) -> None:
        for r in ids:
            game = r.split("-", 1)[0]
            if game not in GAMES or r not in rules(game):
                problems.append(f"{where}: unknown rule ID {r}")

    names = [p.notebook for p in PAGES]
    if len(set(names)) != len(names):
        problems.append("pages: a notebook is listed twice")
    for p in PAGES:
        check_rules(f"page {p.notebook}", p.rules)
    for s in BOARD_POSITIONS:
        check_rules(f"position {s.name!r}", s.rules)
        try:
            parse_saved(s)
        except InputError as e:
            problems.append(f"position {s.name!r}: {e}")
    for e in EXERCISES:
        check_rules(f"exercise {e.name}", e.rules)
        for k in e.kinds:
            try:
                check_kind(k, e.game)
            except InputError as err:
                problems.append(f"exercise {e.name}: {err}")
        if e.count < 1:
            problems.append(f"exercise {e.name}: no questions")
    for what, items in (("exercises", EXERCISES), ("examples", EXAMPLES),
                        ("comparisons", COMPARISONS)):
        names = [x.name for x in items]
        problems += [f"{what}: two are named {n}" for n in sorted(set(names))
                     if names.count(n) > 1]
    from .examples import ExampleRun, compare
    for x in EXAMPLES:
        check_rules(f"example {x.name}", x.rules)
        try:
            run = ExampleRun(x)
            if not run.learner_to_act:
                problems.append(f"example {x.name}: it is not seat {x.seat}'s turn")
        except InputError as err:
            problems.append(f"example {x.name}: {err}")
    for c in COMPARISONS:
        check_rules(f"comparison {c.name}", c.rules)
        try:
            columns = compare(c)
            if len({col.summary for col in columns}) < 2:
                problems.append(f"comparison {c.name}: the variants give the same result")
        except InputError as err:
            problems.append(f"comparison {c.name}: {err}")
    return problems
