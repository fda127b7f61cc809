"""A played, confirmed campaign game ready for its Aftermath."""

import functools

from aftermath.models import Aftermath
from aftermath.services.automatic import start_game
from encounters.models import Game, HiredModel
from encounters.services import games, results, tracker
from tests.encounters.conftest import campaign_week, roster  # noqa: F401 (fixtures)


def play(campaign, alpha, bravo, *, vp=(6, 2), kills=(), strategy=None, schemes_vp=None,
         confirm=True, at_table=None, attach=None):
    """Play a game through the services. ``kills`` lists (victim_side, index of the hired
    model on that side, finished_off) for casualties made by the other side's leader;
    ``at_table(game)`` records anything else through the tracker before the report;
    ``attach(crew, models)`` gives the Equipment each crew attaches when it hires."""
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    for crew in (alpha, bravo):
        models = [m for m in crew.models.filter(status="active")
                  if not m.misses_next_game or m.pk == crew.leader_id]
        games.hire_crew(game=game, actor=crew.player, models=models,
                        attach=attach(crew, models) if attach else None)
        games.reveal_crew(game=game, actor=crew.player)
        pool = game.setup["scheme_pool"]
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    for victim_side, index, finished in kills:
        victims = list(HiredModel.objects.filter(side__game=game, side__key=victim_side)
                       .order_by("id"))
        killer = HiredModel.objects.get(side__game=game, is_leader=True,
                                        side__key="b" if victim_side == "a" else "a")
        casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key=victim_side,
                                           model=victims[index], by_model=killer)
        casualty.refresh_from_db()
        if casualty.finished_off == "pending":
            casualty.finished_off = "finished" if finished else "spared"
            casualty.save(update_fields=["finished_off"])
    if strategy:
        for key, vp_by_turn in strategy.items():
            side = game.sides.get(key=key)
            side.strategy_vp = vp_by_turn
            side.save(update_fields=["strategy_vp"])
    if schemes_vp:
        for key, vp_list in schemes_vp.items():
            for choice, scheme_vp in zip(game.sides.get(key=key).schemes.order_by("id"), vp_list,
                                         strict=False):
                choice.vp = scheme_vp
                choice.save(update_fields=["vp"])
    if at_table is not None:
        at_table(Game.objects.get(pk=game.pk))
    results.report_result(game=game, actor=alpha.player, vp_a=vp[0], vp_b=vp[1])
    if confirm:
        results.confirm_result(game=game, actor=bravo.player)
    return Game.objects.get(pk=game.pk)


def aftermaths(game, seeds=None):
    """Open the game's Aftermaths and run their automatic part. Decks are seeded (no
    Joker among the first cards unless ``seeds`` says otherwise), so a test never depends
    on the luck of a shuffle."""
    from aftermath.services import automatic

    for side in game.sides.all():
        automatic._open(game, side)
    pending = Aftermath.objects.filter(game=game, phase="pending")
    for key, seed in {"a": safe_seed(0), "b": safe_seed(1), **(seeds or {})}.items():
        pending.filter(side_key=key).update(seed=str(seed))
    start_game(game.pk)
    return {a.side_key: a for a in Aftermath.objects.filter(game=game)
            .select_related("crew__campaign", "crew__faction", "game")}


def seed_where(test, *, tries=200_000) -> int:
    """The first deck seed whose dealt cards pass ``test(cards)`` (codes, top first): the
    tests choose real shuffles instead of faking the deck."""
    from rules.engine.deck import FateDeck

    for seed in range(1, tries):
        deck = FateDeck(seed)
        cards = [c.code for c in deck.flip(12)]
        if test(cards):
            return seed
    raise AssertionError("no seed found")


def open_with_seeds(game, seeds: dict):
    """Open the game's Aftermaths with chosen deck seeds, then run the automatic part."""
    return aftermaths(game, seeds)


@functools.cache
def safe_seed(n: int) -> int:
    """The ``n``-th seed whose first twelve cards hold no Joker."""
    found = seed_where(lambda cards: not {"RJ", "BJ"} & set(cards))
    return found if n == 0 else seed_where(
        lambda cards: not {"RJ", "BJ"} & set(cards) and cards != _first(found))


def _first(seed: int) -> list[str]:
    from rules.engine.deck import FateDeck

    return [c.code for c in FateDeck(seed).flip(12)]
