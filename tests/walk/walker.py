"""A campaign game walked through the pages' own forms only: the game set-up page, the
hire, reveal and schemes forms, the tracker, the result and both Aftermath wizards. Each
step GETs the page a player would be on, picks the form a player would press next, and
posts what that form sends (``tests/walk/pageforms.py``); a refusal, a form error or a page
with nothing left to press is a dead end and fails the walk with what the page said."""

from __future__ import annotations

import re

from django.test import Client, TestCase
from django.urls import reverse

from encounters.models import Game
from tests.walk.pageforms import PageForm, find, forms_on

REFUSAL = re.compile(r'<li class="error"[^>]*>(.*?)</li>|<ul class="errorlist[^"]*">(.*?)</ul>',
                     re.S)


class DeadEnd(AssertionError):
    pass


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def refusals(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", " ", a or b).strip() for a, b in REFUSAL.findall(html)]


class Walk:
    """One game of a campaign between two crews, played by their two players' browsers."""

    def __init__(self, campaign, alpha, bravo, *, kind: str = "standard"):
        self.campaign, self.kind = campaign, kind
        self.crews = {"a": alpha, "b": bravo}
        self.players = {"a": client_for(alpha.player), "b": client_for(bravo.player)}
        self.steps: list[str] = []
        self.game: Game | None = None

    # --- plumbing -----------------------------------------------------------------
    def get(self, who: str, url: str) -> str:
        response = self.players[who].get(url)
        if response.status_code != 200:
            raise DeadEnd(f"{url} answered {response.status_code} to side {who}")
        return response.content.decode()

    def post(self, who: str, form: PageForm, step: str, **changes) -> str:
        # The jobs a post starts run after its commit (as a worker would pick them up).
        with TestCase.captureOnCommitCallbacks(execute=True):
            response = self.players[who].post(form.action, form.data(**changes), follow=True)
        self.steps.append(f"{who}:{step}")
        if response.status_code != 200:
            raise DeadEnd(f"{step}: {form.action} answered {response.status_code}")
        html = response.content.decode()
        said = refusals(html)
        if said:
            raise DeadEnd(f"{step} by side {who} was refused: {said} (steps {self.steps})")
        return html

    def page(self, who: str) -> str:
        return self.get(who, self.game.get_absolute_url())

    def need(self, forms, part: str, who: str, step: str) -> PageForm:
        form = find(forms, part)
        if form is None:
            raise DeadEnd(f"side {who} has no form for {step} ({part}); steps {self.steps}; "
                          f"forms: {[f.action for f in forms]}")
        return form

    def refresh(self) -> Game:
        self.game = Game.objects.get(pk=self.game.pk)
        return self.game

    # --- the walk -----------------------------------------------------------------
    def set_up(self) -> Game:
        url = reverse("encounters:new", args=[self.campaign.pk])
        forms = forms_on(self.get("a", url), url)
        form = self.need(forms, "game-setup", "a", "set-up")
        self.post("a", form, "set-up", crew_b=self.crews["b"].pk, kind=self.kind)
        self.game = Game.objects.filter(sides__crew=self.crews["a"]).latest("pk")
        return self.game

    def hire(self, who: str, **changes) -> None:
        forms = forms_on(self.page(who))
        form = self.need(forms, "/hire/", who, "hire")
        changes.setdefault("models", form.offered("models"))  # the whole arsenal fits
        self.post(who, form, "hire", **changes)
        forms = forms_on(self.page(who))
        self.post(who, self.need(forms, "/reveal-crew/", who, "reveal"), "reveal")

    def schemes(self, who: str) -> None:
        forms = forms_on(self.page(who))
        form = self.need(forms, "/schemes/", who, "schemes")
        self.post(who, form, "schemes", schemes=form.offered("schemes")[:2])

    def story_notes(self) -> None:
        """Each secret note the Story asks of a side, through that side's own form."""
        for who in ("a", "b"):
            for form in [f for f in forms_on(self.page(who)) if "/story-note/" in f.action]:
                self.post(who, form, "story note", text=f"note of side {who}")

    def play(self) -> None:
        forms = forms_on(self.page("a"))
        self.post("a", self.need(forms, "/start/", "a", "start"), "start")
        forms = forms_on(self.page("a"))
        self.post("a", self.need(forms, "/initiative/", "a", "initiative"), "initiative")
        forms = forms_on(self.page("a"))
        self.post("a", self.need(forms, "/strategy-vp/", "a", "strategy VP"), "strategy VP")

    def result(self) -> None:
        forms = forms_on(self.page("a"))
        self.post("a", self.need(forms, "/report/", "a", "report"), "report")
        forms = forms_on(self.page("b"))
        self.post("b", self.need(forms, "/confirm/", "b", "confirm"), "confirm")
        if self.refresh().state not in {Game.State.AFTERMATH, Game.State.DONE}:
            raise DeadEnd(f"the confirmed game is {self.game.state}")

    #: Aftermath actions in the order a player in a hurry takes them: answer a question by
    #: keeping the card, flip what must be flipped, then move on; never buy anything.
    AFTERMATH_ORDER = ("-answer", "injury-keep-skill", "reward-place", "reward-choose",
                       "barter-flip", "injury-flip", "barter-next", "bounty-skip", "finish")

    def aftermath(self, who: str) -> list[str]:
        page = self.page(who)
        link = re.search(r'id="your-aftermath" href="([^"]+)"', page)
        if not link:
            raise DeadEnd(f"side {who} sees no link to its Aftermath")
        url, made = link.group(1), []
        for _ in range(60):
            html = self.get(who, url)
            if 'id="done"' in html:
                return made
            forms = [f for f in forms_on(html) if "/aftermath/" in f.action]
            form = next((f for part in self.AFTERMATH_ORDER for f in forms
                         if f.action.rstrip("/").endswith(part)
                         or (part == "-answer" and f.action.rstrip("/").endswith("answer"))),
                        None)
            if form is None:
                raise DeadEnd(f"side {who}'s Aftermath offers nothing to press after {made}: "
                              f"{[f.action for f in forms]}")
            action = form.action.rstrip("/").rsplit("/", 1)[-1]
            self.post(who, form, f"aftermath {action}")
            made.append(action)
        raise DeadEnd(f"side {who}'s Aftermath never finished: {made}")

    def whole_game(self, hire_changes=None, story=None) -> Game:
        self.set_up()
        if story:  # the flips as the test wants them (an arrangement, not a player's step)
            self.game.setup = {**self.game.setup, **story}
            self.game.save(update_fields=["setup"])
        for who in ("a", "b"):
            self.hire(who, **(hire_changes or {}).get(who, {}))
        for who in ("a", "b"):
            self.schemes(who)
        self.story_notes()
        self.play()
        self.result()
        for who in ("a", "b"):
            self.aftermath(who)
        return self.refresh()
