"""Load demo data for the embedded default and print the logins.

Idempotent: running it again resets the demo passwords and creates nothing twice, so
the first README command can be re-run at any time. The demo league and campaign use the
shipped sample content pack (invented cards, labelled as sample data).
"""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

DEMO_PASSWORD = "malifaux-demo"
DEMO_USERS = (
    # username, display name, staff/superuser
    ("admin", "Site Admin", True),
    ("organizer", "Ophelia the Organizer", False),
    ("player", "Perdita the Player", False),
    ("rival", "Rasputina the Rival", False),
)
DEMO_LEAGUE = "demo-club"
DEMO_CREWS = (("player", "Perdita's Posse", "guild"), ("rival", "The Frozen Court", "arcanists"))


class Command(BaseCommand):
    help = "Create the demo accounts, the sample content pack, a demo league and campaign."

    def handle(self, *args, **options):
        with transaction.atomic():
            self._load()
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
        self.stdout.write(
            "Demo logins (password for all: {pw}): {names}".format(
                pw=DEMO_PASSWORD, names=", ".join(name for name, _, _ in DEMO_USERS)
            )
        )
        self.stdout.write(
            f"  Log in as: player / {DEMO_PASSWORD}   (admin: admin / {DEMO_PASSWORD})"
        )

    def _load(self):
        users = self._users()
        from catalogue.sample import load_sample_packs

        load_sample_packs()  # the campaign uses the first; the second shows coverage
        campaign = self._league_and_campaign(users)
        for username, crew_name, faction_code in DEMO_CREWS:
            self._crew(campaign, users[username], crew_name, faction_code)
        self._run_to_week_three(campaign, users["organizer"])
        self._play_a_game(campaign, users["player"], users["rival"])
        from malediction.demo import load_demo_event

        load_demo_event(campaign.league, users, DEMO_PASSWORD)

    def _users(self):
        user_model = get_user_model()
        users = {}
        for username, display_name, is_admin in DEMO_USERS:
            user, _ = user_model.objects.get_or_create(
                username=username,
                defaults={"email": f"{username}@demo.invalid", "display_name": display_name},
            )
            user.is_staff = user.is_superuser = is_admin
            user.set_password(DEMO_PASSWORD)
            user.save()
            users[username] = user
        return users

    def _league_and_campaign(self, users):
        from campaign.models import Campaign
        from catalogue.models import ContentPack
        from league.models import League, Membership, Role

        league, _ = League.objects.get_or_create(
            slug=DEMO_LEAGUE,
            defaults={"name": "Demo Club", "created_by": users["organizer"],
                      "description": "A demo league with sample data to try things out."},
        )
        roles = {"organizer": Role.ORGANIZER, "player": Role.PLAYER, "rival": Role.PLAYER}
        for username, role in roles.items():
            Membership.objects.update_or_create(
                league=league, user=users[username],
                defaults={"role": role, "status": Membership.Status.ACTIVE},
            )
        start = datetime.date.today() - datetime.timedelta(weeks=2)
        campaign, created = Campaign.objects.get_or_create(
            league=league, slug="demo-campaign",
            defaults={"name": "Demo campaign (sample data)", "created_by": users["organizer"],
                      "start_date": start, "weekday": start.weekday(), "turnover_hour": 0,
                      "length_weeks": 6},
        )
        if created:
            campaign.content_packs.set(ContentPack.objects.filter(slug="sample-pack"))
        return campaign

    def _crew(self, campaign, player, name, faction_code):
        """Join with a crew and build a legal starting arsenal from the sample pack."""
        from campaign.models import Crew
        from campaign.services import crews
        from catalogue.models import Faction

        faction = Faction.objects.get(code=faction_code)
        crew = campaign.crews.filter(player=player).exclude(status="retired").first()
        if crew is None:
            crew = crews.join_campaign(campaign=campaign, player=player, name=name,
                                       faction=faction)
        if crew.status != Crew.Status.BUILDING:
            return crew
        cards = list(crews.cards_for(campaign).filter(factions=faction))
        leader = min((c for c in cards if c.station == "henchman" and c.cost),
                     key=lambda c: c.cost)
        models, budget = [], campaign.starting_arsenal_size - leader.cost
        for card in sorted((c for c in cards if c.station in ("enforcer", "minion")
                            and not c.is_totem), key=lambda c: c.cost or 0):
            plan = crews.plan_for(crew, leader=leader, models=[*models, card])
            if plan.is_legal and (card.cost or 0) <= budget:
                models.append(card)
                budget -= card.cost or 0
        crews.build_starting_arsenal(crew=crew, actor=player, leader=leader, models=models)
        return crew

    def _run_to_week_three(self, campaign, organizer):
        """Start the campaign and turn over its first three weeks (events flipped and
        recorded), so the demo shows a campaign in its third week."""
        from campaign.models import Campaign
        from campaign.services import campaigns
        from campaign.weeks import services as weeks

        if campaign.status == Campaign.Status.SETUP:
            campaigns.start_campaign(campaign=campaign, actor=organizer)
        for number in range(1, 4):
            weeks.turn_over(campaign, number, actor=organizer)


    def _play_a_game(self, campaign, player, rival):
        """One confirmed game this week, so the demo player has an Aftermath to walk
        through (its automatic part runs when the loader's transaction commits)."""
        from encounters.services import games, results, tracker
        from encounters.services.common import EncounterError
        from rules.engine.hiring import HiringRefused

        if campaign.games.exists():
            return
        mine, theirs = (campaign.crews.get(player=p, status="active") for p in (player, rival))
        try:
            with transaction.atomic():
                game = games.create_campaign_game(campaign=campaign, crew_a=mine,
                                                  crew_b=theirs, actor=player)
                for crew in (mine, theirs):
                    self._hire_what_fits(game, crew)
                    games.reveal_crew(game=game, actor=crew.player)
                    pool = self._scheme_choices(game, crew)
                    games.choose_schemes(game=game, actor=crew.player,
                                         choices=[(pool[0], None), (pool[1], None)])
                tracker.start(game=game, actor=player)
                vp = self._track_vp(game, {"a": (3, (2, 1)), "b": (2, (1, 0))})
                results.report_result(game=game, actor=player, vp_a=vp["a"], vp_b=vp["b"])
                results.confirm_result(game=game, actor=rival)
        except (EncounterError, HiringRefused) as exc:
            self.stdout.write(f"  (No demo game this week: {exc})")

    @staticmethod
    def _scheme_choices(game, crew) -> list[str]:
        """The schemes a crew may choose: the setup's pool, or in a Story Encounter (The
        Plot Thickens forces one) its faction's story schemes."""
        from encounters.models import Game
        from rules.engine.encounters import story_scheme_choices

        if game.kind == Game.Kind.STORY:
            return list(story_scheme_choices(crew.faction.code))
        return list(game.setup["scheme_pool"])

    @staticmethod
    def _track_vp(game, plan) -> dict[str, int]:
        """Score the demo game in the tracker (Strategy, then each Scheme revealed and
        scored), so the reported result is the VP tracked at the table (6-3 when every
        score fits the caps). Returns the tracked totals to report."""
        from encounters.services import tracker
        from encounters.services.common import EncounterError

        def attempt(action, **kwargs):
            try:
                with transaction.atomic():
                    action(game=game, **kwargs)
            except EncounterError:
                pass  # a scheme that cannot score yet: the result still matches

        totals = {}
        for key, (strategy, scheme_vps) in plan.items():
            side = game.sides.get(key=key)
            attempt(tracker.score_strategy, actor=side.player, side_key=key, vp=strategy)
            for choice, vp in zip(side.schemes.order_by("id"), scheme_vps, strict=False):
                if vp:
                    attempt(tracker.reveal_scheme, actor=side.player, scheme=choice)
                    attempt(tracker.score_scheme, actor=side.player, scheme=choice, vp=vp)
            side.refresh_from_db()
            totals[key] = (sum(int(v) for v in (side.strategy_vp or {}).values())
                           + sum(c.vp for c in side.schemes.all()))
        return totals

    @staticmethod
    def _wandering_mercenary(game, crew):
        """In a Wandering Mercenaries week every crew brings one free Mercenary (cost 7 or
        less, from outside its arsenal): the demo takes the cheapest such card."""
        from campaign.services import crews
        from encounters.services.games import WANDERING, WANDERING_MAX_COST, game_events

        if WANDERING not in game_events(game):
            return None
        owned = crew.models.filter(status="active").values("card_id")
        return (crews.cards_for(game.campaign).filter(is_mercenary=True,
                                                      cost__lte=WANDERING_MAX_COST)
                .exclude(pk__in=owned).order_by("cost", "name").first())

    @staticmethod
    def _hire_what_fits(game, crew):
        """The Leader and the cheapest other models the encounter size allows."""
        from encounters.services import games
        from encounters.services.common import EncounterError
        from rules.engine.hiring import HiringRefused

        others = sorted(crew.models.filter(status="active").exclude(pk=crew.leader_id)
                        .select_related("card"), key=lambda m: m.card.cost or 0)
        wandering = Command._wandering_mercenary(game, crew)
        while True:
            try:
                with transaction.atomic():
                    return games.hire_crew(game=game, actor=crew.player,
                                           models=[crew.leader, *others],
                                           wandering=wandering)
            except (EncounterError, HiringRefused):
                if not others:
                    raise
                others.pop()
