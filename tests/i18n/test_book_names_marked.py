"""The book's names (schemes) on the replay and the prediction result stay English and are
marked so on French pages (issue 23): "Alpha révèle A Line in the Sand" must not read as
an English sentence left in a French page."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from autoresolve import replay

LOG = {"setup": {"crews": [{"name": "Alpha"}, {"name": "Bravo"}]}, "models": [],
       "events": [["turn", 1], ["reveal", 0, "a-line-in-the-sand"],
                  ["svp", 1, "a-line-in-the-sand", 2]]}
MARKED = '<span lang="en">A Line in the Sand</span>'


def test_the_replays_lines_mark_a_schemes_name_on_a_french_page():
    with translation.override("fr"):
        lines = [str(line) for turn in replay.turn_lines(LOG, mark=True)
                 for line in turn["lines"]]
    assert lines[0] == f"Alpha révèle {MARKED}."
    assert MARKED in lines[1] and lines[1].startswith("Bravo marque 2 PV")
    plain = [line for turn in replay.turn_lines(LOG) for line in turn["lines"]]
    assert plain[0] == "Alpha reveals A Line in the Sand."


def test_the_prediction_result_marks_its_scheme_names():
    body = render_to_string("autoresolve/_prediction_body.html", {
        "prediction": {"status": "done", "games": 1}, "result": {"games": 1},
        "schemes": [{"crew": "Alpha", "scheme": "a-line-in-the-sand", "rate": 0.5,
                     "low": 0.25, "high": 0.75}]})
    assert '<td lang="en">A Line in the Sand</td>' in body


def test_a_table_only_results_summary_in_a_game_log_line_reads_french():
    """"Apply at the table: …'s Baggage (summary)": the log stores the row's English
    summary; a French page shows the row's French one."""
    from rules import table_only
    from rules.log_lines import translated
    from rules.summaries import french, row_key

    chart, row = table_only._row("baggage")
    line = f"Apply at the table: Pike's Baggage ({table_only.summary('baggage')})"
    with translation.override("fr"):
        shown = translated(line)
    assert shown.startswith("À appliquer à la table")
    assert french()[row_key(chart, row)] in shown and row.summary not in shown


def test_the_lonely_travelers_guidance_in_a_game_log_line_reads_french():
    from rules.log_lines import translated
    from rules.tables import lonely_traveler

    row = next(r for r in lonely_traveler().rows if r.key == "rams")
    line = ("Pike asked the Lonely Traveler for guidance: flipped 5R (not cheated): "
            f"{row.summary}")
    with translation.override("fr"):
        shown = translated(line)
    assert shown.endswith("La figurine soigne tous ses dommages.") and "5 de Béliers" in shown
