"""The automatic part: hand, Payday with the weekly cap, idempotence, crash safety."""

import pytest

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import automatic
from campaign.models import Crew, ScripEntry
from campaign.services import scrip
from rules.models import FlipRecord
from rules.services import replay
from tests.aftermath.conftest import aftermaths, play

pytestmark = pytest.mark.django_db


def _gains(crew):
    return list(ScripEntry.objects.filter(crew=crew, kind="gain").values_list("amount", flat=True))


def test_payday_rounds_vp_up_and_pays_the_winner(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 2))
    before = {c.pk: c.scrip for c in (alpha, bravo)}
    aftermaths(game)
    alpha.refresh_from_db()
    bravo.refresh_from_db()
    # 5 VP -> 3 scrip (rounded up) + 1 for winning; 2 VP -> 1 scrip. Same ratings: no bonus.
    assert alpha.scrip - before[alpha.pk] == 4
    assert bravo.scrip - before[bravo.pk] == 1
    assert scrip.ledger_balance(alpha) == alpha.scrip


def test_lower_campaign_rating_earns_the_difference(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(2, 2), confirm=False)
    game.sides.filter(key="a").update(campaign_rating=3)
    game.sides.filter(key="b").update(campaign_rating=7)
    from encounters.services import results

    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    before = alpha.scrip
    aftermaths(game)
    alpha.refresh_from_db()
    assert alpha.scrip - before == 1 + 4  # 2 VP -> 1, a draw pays no winner, 7 - 3 = 4


def test_the_weekly_cap_discards_the_excess_on_the_ledger(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.gain_scrip(alpha, 14, week=campaign.current_week, reason="earlier games")
    game = play(campaign, alpha, bravo, vp=(8, 0))
    before = Crew.objects.get(pk=alpha.pk).scrip
    aftermaths(game)
    alpha.refresh_from_db()
    assert alpha.scrip - before == 2  # earned 5 (4 VP scrip + win), cap 16 keeps 2
    discarded = ScripEntry.objects.filter(crew=alpha, kind="discarded")
    assert sum(e.amount for e in discarded) == -3
    assert all(e.source is not None for e in discarded)


def test_hand_has_a_card_for_finishing_and_one_for_winning(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(4, 1))
    result = aftermaths(game)
    assert len(result["a"].hand) == 2
    assert len(result["b"].hand) == 1
    record = FlipRecord.objects.get(subject_id=result["a"].pk, purpose__contains="hand")
    assert record.cards == result["a"].hand
    assert record.flipped_by == alpha.player
    assert replay(record).matches


def test_running_the_job_again_changes_nothing(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(4, 1))
    aftermaths(game)
    first = (_gains(alpha), _gains(bravo), AftermathStep.objects.count())
    for _ in range(3):
        automatic.start_game(game.pk)
    assert (_gains(alpha), _gains(bravo), AftermathStep.objects.count()) == first
    assert Aftermath.objects.filter(game=game).count() == 2


def test_a_crash_mid_phase_leaves_the_crew_as_before(campaign_week, monkeypatch):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(4, 1))
    before = list(ScripEntry.objects.filter(crew__in=[alpha, bravo]).values_list("pk", flat=True))

    def crash():
        raise RuntimeError("worker lost")

    monkeypatch.setattr(automatic, "_pause_for_crash_tests", crash)
    with pytest.raises(RuntimeError):
        automatic.start_game(game.pk)
    assert list(ScripEntry.objects.filter(crew__in=[alpha, bravo])
                .values_list("pk", flat=True)) == before
    assert set(Aftermath.objects.filter(game=game).values_list("phase", flat=True)) == {"pending"}
    monkeypatch.undo()
    automatic.start_game(game.pk)
    automatic.start_game(game.pk)
    assert _gains(alpha) == [2, 1] and _gains(bravo) == [1]


def test_every_ledger_entry_points_at_its_game_and_phase(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(4, 1))
    aftermaths(game)
    for entry in ScripEntry.objects.filter(crew=alpha, kind="gain"):
        assert isinstance(entry.source, AftermathStep)
        assert entry.source.aftermath.game_id == game.pk
        assert entry.source.phase == "payday"


def test_an_early_withdraw_forfeits_payday_and_keeps_only_injuries(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(3, 1), confirm=False)
    from encounters.services import results

    game.record = {}
    game.save(update_fields=["record"])
    results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    game.record["withdraw"] = {"side": "b", "turn": 2, "early": True}
    game.record["sides"]["b"]["withdrew_on_turn"] = 2
    game.save(update_fields=["record"])
    before = bravo.scrip
    result = aftermaths(game)
    bravo.refresh_from_db()
    assert bravo.scrip == before
    assert result["b"].hand == []
    assert result["b"].phase == "done"
