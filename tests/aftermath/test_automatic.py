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


def test_confirming_a_result_starts_the_aftermath_job(campaign_week,
                                                       django_capture_on_commit_callbacks):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(4, 1), confirm=False)
    from encounters.services import results

    with django_capture_on_commit_callbacks() as callbacks:
        results.confirm_result(game=game, actor=bravo.player)
    jobs = [c for c in callbacks if c.__qualname__.startswith("enqueue.")]  # not cache upkeep
    assert len(jobs) == 1  # the Aftermath job, once
    with django_capture_on_commit_callbacks(execute=True):  # (and the emails it queues)
        jobs[0]()
    assert Aftermath.objects.filter(game=game).exclude(phase="pending").count() == 2


def _hide_outs(campaign, crew, key, built=()):
    from campaign.models import Fortification, HideOut

    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hide_out = HideOut.objects.create(crew=crew, hide_out_key=key, name=key)
    for name in built:
        Fortification.objects.create(hide_out=hide_out, key=name, name=name, built_week=1)
    return hide_out


def test_construction_material_for_a_scheme_the_strategy_and_the_win(campaign_week):
    from campaign.services import hideouts

    campaign, alpha, bravo, _ = campaign_week
    _hide_outs(campaign, alpha, "saloon")
    _hide_outs(campaign, bravo, "junkyard")
    game = play(campaign, alpha, bravo, vp=(7, 2), strategy={"a": {"1": 2, "2": 2}},
                schemes_vp={"a": [2, 1], "b": [1, 1]})
    aftermaths(game)
    assert hideouts.cm_balance(alpha) == 3  # 2 VP from a Scheme, full Strategy, the win
    assert hideouts.cm_balance(bravo) == 0


def test_gambling_tables_pay_and_a_full_hide_out_gains_flair(campaign_week):
    from rules import tables

    campaign, alpha, bravo, _ = campaign_week
    six = [f.key for f in tables.fortifications("saloon")]
    hide_out = _hide_outs(campaign, alpha, "saloon", built=six)
    game = play(campaign, alpha, bravo, vp=(4, 1))
    before = alpha.scrip
    aftermaths(game)
    alpha.refresh_from_db()
    hide_out.refresh_from_db()
    assert alpha.scrip - before == 2 + 1 + 1  # 4 VP, the win, Gambling Tables
    assert hide_out.flair == 1


def test_shaken_wears_off_after_the_next_game(campaign_week):
    from campaign.models import ArsenalUpgrade

    campaign, alpha, bravo, _ = campaign_week
    shaken = ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key="shaken",
                                           name="Shaken", attached_to=alpha.leader)
    game = play(campaign, alpha, bravo, vp=(4, 1))
    aftermaths(game)
    shaken.refresh_from_db()
    assert shaken.status == "annihilated"
