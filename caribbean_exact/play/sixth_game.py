"""The bought sixth card (Oasis Poker's "Nicaragua" tables; the draw of Russian and Lunar Poker),
the whole game, exact.

After seeing his five cards and the up card the player may buy one more card for a fee (in antes,
not returned) and play the best five of his six; then he folds or raises as usual. In every one of
the 122,151,120 (hand, up card) situations the core counts standing and buying (each of the 46
replacements, each of the C(45, 4) dealer completions beside six cards), and the player takes the
better (ties: standing), then raises or folds by exact comparison. No sampling and no bound: every
figure is counted.

>>> from caribbean_exact.play.game import solve
>>> g = solve_sixth_game(Rules.make(buy_fee=100))
>>> g.buy_situations, g.house_edge == solve().house_edge
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.recent import Recent
from ..engine.switch import DrawCounts, OneCardCounts, draw_game_counts, sixth_game_counts
from ..errors import InvalidRules
from ..model.hands import CATEGORIES
from ..model.rules import Rules
from ..progress import ProgressFn
from .switch_game import StandOrOption, SwitchProof, kept_proof, one_card_fee, prove_one_rank, prove_switch_sizes
from .switching import draw_game, whole_game

__all__ = ["SixthCardGame", "SwitchOrBuyGame", "sixth_card_game_from", "solve_sixth_game", "solve_switch_or_buy_game",
           "switch_or_buy_game_from"]


@dataclass(frozen=True)
class SixthCardGame(StandOrOption):
    """The whole game where each situation stands or buys a sixth card, exact (see the module).

    Every situation weighs ``GAME_WEIGHT`` deals (46 replacements x C(45, 4) completions; a stand's
    C(46, 4) completions x 42)."""

    rules: Rules
    #: The fee of a sixth card, in antes.
    fee: Fraction
    #: The deals of the situations that stand, and of those that buy (the final hand's category:
    #: the best five of six).
    stand: DealTotals
    buy: DealTotals
    #: Situations by the category of the five cards dealt (high card first): (stand and fold, stand
    #: and raise, buy).
    by_category: tuple[tuple[int, int, int], ...]
    #: Situations that buy, by the up card's rank (deuce first).
    buy_by_up_rank: tuple[int, ...]
    _options = ("buy",)

    def _parts(self) -> tuple[tuple[str, DealTotals, Fraction], ...]:
        return (("stand", self.stand, Fraction(0)), ("buy", self.buy, self.fee))

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, draw_game(None, self.rules, buy_fee=self.fee)[1])

    @property
    def buy_situations(self) -> int:
        """The (hand, up card) situations that buy a sixth card."""
        return self.option_situations

    @property
    def buy_probability(self) -> Fraction:
        """The chance that the player buys a sixth card."""
        return self.option_probability

    @property
    def buy_raise_share(self) -> Fraction:
        """Of the sixth cards bought, the share after which the player raises."""
        pairs = 46 * self.buy_situations
        return Fraction(self.buy.raise_situations, pairs) if pairs else Fraction(0)

    def buy_share(self, category: int) -> Fraction:
        """The share of the situations whose five cards are of ``category`` (0 high card .. 9) that buy."""
        c = self.by_category[category]
        return Fraction(c[2], sum(c)) if sum(c) else Fraction(0)


@dataclass(frozen=True)
class SwitchOrBuyGame(StandOrOption):
    """The whole game where each situation stands, switches one card or buys a sixth card, exact:
    whichever is worth the most (ties: standing, then switching, then buying), then raise or fold.
    Buying weakly beats switching one card at the same fee (the best five of the six cards is at
    least the hand with the switched card, against the same dealer hands), so the game differs from
    ``SixthCardGame`` only where switching is cheaper."""

    rules: Rules
    #: The fees of switching one card and of a sixth card, in antes.
    switch_fee: Fraction
    buy_fee: Fraction
    #: The deals of the situations that stand, switch and buy.
    stand: DealTotals
    switch: DealTotals
    buy: DealTotals
    #: Situations by the category of the five cards dealt: (stand and fold, stand and raise, switch, buy).
    by_category: tuple[tuple[int, int, int, int], ...]
    #: Situations that switch a card of each rank, and that buy beside an up card of each rank (deuce first).
    switched_rank: tuple[int, ...]
    buy_by_up_rank: tuple[int, ...]
    #: With fees for more than one card: the proof that in every situation no larger switch is better
    #: than the best of standing and one card (so none is beside buying either, and this is the whole
    #: game of those fees); None for a one-card schedule.
    proof: SwitchProof | None = None
    _options = ("switch 1", "buy")

    def _parts(self) -> tuple[tuple[str, DealTotals, Fraction], ...]:
        return (("stand", self.stand, Fraction(0)), ("switch", self.switch, self.switch_fee),
                ("buy", self.buy, self.buy_fee))

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        fees = self.proof.fees if self.proof is not None else (self.switch_fee,)
        return whole_game(self.rules, draw_game(fees, self.rules, buy_fee=self.buy_fee)[1])

    @property
    def switch_situations(self) -> int:
        """The (hand, up card) situations that switch a card."""
        return self.situations_of(1)

    @property
    def buy_situations(self) -> int:
        """The (hand, up card) situations that buy a sixth card."""
        return self.situations_of(2)


def solve_switch_or_buy_game(rules: Rules, *, raise_on_tie: bool = False, threads: int | None = None,
                             progress: ProgressFn | None = None) -> SwitchOrBuyGame:
    """The whole game where the player may switch cards or buy a sixth card, exact (see
    ``SwitchOrBuyGame``). ``rules``: with a draw of switch fees and a buy fee
    (``Rules.make(switch_fees="1", buy_fee=2)``). With fees for more than one card, every larger
    switch is first bounded in every situation (``prove_switch_sizes``); where no larger switch is
    ever better than the best of standing and one card, none is beside buying either, and the game
    is the one of one card or buying, exact, with its ``proof``. Where the bounds leave a larger
    switch open (fees 1,1,1,1,1), or the five-card switch is sometimes the best, the game is not
    counted (``InvalidRules``; each hand is: ``switch_ev``). ``raise_on_tie``, ``threads``,
    ``progress``: as ``solve``. About 20 s on two cores, and the proof's 54 to 97 s; the last four
    games are kept in the process."""
    table, draw = draw_game(None, rules)
    if draw.buy is None or draw.switch is None:
        raise InvalidRules(f"draw {draw.short()}: expected switch fees and a buy fee")
    proof = None
    if draw.most_switched > 1:
        proof = kept_proof(draw.switch, table, raise_on_tie=raise_on_tie)
        if proof is None:  # an ace up first: where a larger switch stays open, seconds say so, not minutes
            _refuse_open(draw.short(), prove_one_rank(draw.switch, table, raise_on_tie=raise_on_tie, threads=threads,
                                                      progress=progress), " against an ace up,")
            proof = prove_switch_sizes(draw.switch, table, raise_on_tie=raise_on_tie, threads=threads,
                                       progress=progress)
        _refuse_open(draw.short(), proof, "")
    fee = one_card_fee(draw.switch, table)
    key = (table, (fee, draw.buy), raise_on_tie)
    game = _draw_games.get(key)
    if game is None:
        c = draw_game_counts(table, fee, draw.buy, raise_on_tie=raise_on_tie, threads=threads, progress=progress)
        game = switch_or_buy_game_from(table, fee, draw.buy, c)
        _draw_games.put(key, game)
    return game if proof is None else replace(game, proof=proof)


def _refuse_open(draw: str, p: SwitchProof, where: str) -> None:
    """Refuse the game (``InvalidRules``) where the proof ``p`` leaves some larger switch open."""
    why = _left_open(p)
    if why:
        raise InvalidRules(f"draw {draw}:{where} {why}; the whole game with buying beside larger switches is "
                           "counted only where the bounds exclude them (each hand is: switch_ev)")


def _left_open(p: SwitchProof) -> str:
    """Why the proof leaves the game with buying uncounted ("" when every larger switch is never better
    than the best of standing and one card, in every situation)."""
    parts = [f"switching {j} cards is open in {p.undecided(j):,} situations" for j in p.open_sizes]
    if p.five_counted and p.game is not None and p.game.five_situations:
        parts.append(f"switching all five is the best in {p.game.five_situations:,} situations")
    return "; ".join(parts)


#: The last four switch-or-buy games, by (rules, (switch fee, buy fee), raise on tie).
_draw_games: Recent[tuple[Rules, tuple[Fraction, Fraction], bool], SwitchOrBuyGame] = Recent(4, "switch-or-buy games")


def switch_or_buy_game_from(rules: Rules, switch_fee: Fraction, buy_fee: Fraction, c: DrawCounts) -> SwitchOrBuyGame:
    """The game from the core's counts (of all 13 up ranks, or a slice of them in a test)."""
    cats = tuple((c.choices[4 * k], c.choices[4 * k + 1], c.choices[4 * k + 2], c.choices[4 * k + 3])
                 for k in range(len(CATEGORIES)))
    return SwitchOrBuyGame(rules, switch_fee, buy_fee, c.stand, c.switch, c.buy, cats, tuple(c.choices[40:53]),
                           tuple(c.choices[53:66]))


def solve_sixth_game(rules: Rules | None = None, fee: int | Fraction | str | None = None, *,
                     raise_on_tie: bool = False, threads: int | None = None,
                     progress: ProgressFn | None = None) -> SixthCardGame:
    """The whole game where a sixth card may be bought, exact (see ``SixthCardGame``).

    ``rules``: the game's rules with the draw's buy fee (``Rules.make(buy_fee=1)``), or the table's
    rules with ``fee`` (in antes, 0 or more); the draw must not also switch cards (that game is not
    counted whole: ``switch_ev`` gives it hand by hand). ``raise_on_tie``, ``threads``, ``progress``
    (after each of the 13 up ranks): as ``solve``. About 8 s on two cores; the last four games are
    kept in the process. Raises ``InvalidRules`` (a ``ValueError``) for bad rules or fee.
    """
    table, draw = draw_game(None, rules, buy_fee=fee)
    if draw.buy is None:
        raise InvalidRules("buy fee: give the fee of a sixth card (Rules.make(buy_fee=1), or fee=1)")
    if draw.switch is not None:
        raise InvalidRules(f"draw {draw.short()}: both switching and buying: solve_switch_or_buy_game (or "
                           "solve_game) counts it with a one-card switch")
    key = (table, draw.buy, raise_on_tie)
    kept = _sixth_games.get(key)
    if kept is not None:
        return kept
    c = sixth_game_counts(table, draw.buy, raise_on_tie=raise_on_tie, threads=threads, progress=progress)
    game = sixth_card_game_from(table, draw.buy, c)
    _sixth_games.put(key, game)
    return game


#: The last four sixth-card games, by (rules, fee, raise on tie).
_sixth_games: Recent[tuple[Rules, Fraction, bool], SixthCardGame] = Recent(4, "sixth-card games")


def sixth_card_game_from(rules: Rules, fee: Fraction, c: OneCardCounts) -> SixthCardGame:
    """The game from the core's counts (of all 13 up ranks, or a slice of them in a test)."""
    cats = tuple((c.choices[3 * k], c.choices[3 * k + 1], c.choices[3 * k + 2]) for k in range(len(CATEGORIES)))
    return SixthCardGame(rules, fee, c.stand, c.switch, cats, tuple(c.choices[30:43]))
