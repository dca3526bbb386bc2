"""Fixes of the review: determinize across deck rebuilds (COP-R4, COP-R32, COP-R34), and more."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.copper_country import cards, eras, events, scoring, track
from headframe.games.copper_country.actions import Casualty, Discard, Done, Manage, Prospect, Redraw, Take, UseBusiness
from headframe.games.copper_country.components import Row
from headframe.games.copper_country.flow import FLOW
from headframe.games.copper_country.production import NO_ROW, claim_row, row_legal
from headframe.games.copper_country.scoring import final_scores
from headframe.games.copper_country.work import max_shifts, partners

from .helpers import (
    at_management,
    choose,
    edited,
    kinds,
    new,
    on_top,
    pay_all,
    place_miner,
    set_hand,
    set_tasks,
    surveyed,
    work,
)

COLLAPSE, LABOR, SURFACE = "PROD1-12", "CAP1-01", "CAP1-07"


def hidden(state, seat):
    return [c for c in state.hands[seat] if c not in state.hand_public[seat]]


def test_determinize_after_an_era_change_deals_no_new_era_card_to_a_hand():  # COP-R4, COP-R34
    state = new(players=3, seed=5)
    eras.new_era(state, 2)
    era2 = set(state.tables.capital_by_era[2])
    before = {seat: sorted(state.hands[seat]) for seat in (0, 1)}
    changed = False
    for seed in range(20):
        world = state.determinize(2, Rng(seed))
        for seat in (0, 1):
            assert not era2 & set(world.hands[seat])
        changed |= {seat: sorted(world.hands[seat]) for seat in (0, 1)} != before
        assert sorted(world.capital_deck) == sorted(state.capital_deck)  # nobody drew since the rebuild
    assert changed  # the older cards are still redealt between the two hidden hands


def test_determinize_after_a_reshuffle_deals_no_reshuffled_card_to_an_older_hand():  # COP-R4, COP-R32
    state = new(players=3, seed=2)
    state.capital_discard = state.capital_deck
    state.capital_deck = []
    reshuffled = set(state.capital_discard)
    cards.restock_capital(state)
    assert state.capital_version == 1 and set(state.capital_deck) == reshuffled
    at_management(state, 0)
    state.apply(0, Take.of(-1))  # seat 0 draws one card of the reshuffled deck
    drawn = next(c for c in state.hands[0] if state.drawn[c] == 1)
    fresh = 0
    for seed in range(20):
        world = state.determinize(2, Rng(seed))
        assert not reshuffled & set(world.hands[1])
        assert len(reshuffled & set(world.hands[0])) == 1  # the one card seat 0 drew since
        assert sorted(world.capital_deck + [c for c in world.hands[0] if world.drawn[c] == 1]) == sorted(
            state.capital_deck + [drawn])
        fresh += drawn not in world.hands[0]
    assert fresh  # the card drawn since the reshuffle is redealt with the deck


def test_determinize_keeps_a_known_card_among_a_prospect_look():  # COP-R4
    state = new(seed=3)
    known = state.production_deck[-1]
    state.peek[1] = known  # as after seat 1's Gazette
    at_management(state, 0)
    state.apply(0, Manage.of("prospect"))
    assert known in state.looking and state.peek[1] == known
    other = next(card for card in state.looking if card != known)
    assert any(other not in state.determinize(1, Rng(seed)).looking for seed in range(10))
    for seed in range(10):
        assert known in state.determinize(1, Rng(seed)).looking
    state.apply(0, Prospect.of(known))  # the known card goes back on top, but seat 1 cannot tell which did
    assert state.peek[1] == "" and state.peek[0] == known


def test_other_seats_peek_follows_the_world_top_card():  # COP-R4: no other seat's real knowledge in a world
    state = new(seed=3)
    on_top(state, "PROD1-01")
    state.peek[1] = "PROD1-01"
    for seed in range(10):
        world = state.determinize(0, Rng(seed))
        assert world.peek[1] == world.production_deck[-1]


# --- behaviours the review found untested (finding 4, a to k) -------------------------------------------

def test_a_used_abilities_reset_at_each_turn():  # COP-R27, COP-R36
    state = new()
    state.businesses = ["LB2"]
    at_management(state, 0)
    state.apply(0, UseBusiness.of("LB2"))
    state.apply(0, Discard.of(state.decision(0).actions[0].card))
    state.used.append("house")
    assert "use_business:LB2" not in kinds(state, 0)
    set_tasks(state, [["end_turn", 0]])
    FLOW.proceed(state)
    assert state.to_move() == (1,) and state.used == []
    assert "use_business:LB2" in kinds(state, 1)


def stalled_board(state):
    for site in state.board.sites:
        state.surveyed[site] = True
    state.rock = {s: 1 for s in state.board.spaces}


def test_b_stall_conditions_3_and_5_and_era_3():  # COP-R52
    state = new(industry_track_tokens="end=17")
    stalled_board(state)
    assert scoring.stalled(state)
    state.era = 3
    assert not scoring.stalled(state)  # condition 1: never in era 3
    state.era = 1
    site = state.board.sites[0]
    poor = next(token for token, face in state.tables.terrain.items() if face == "poor_rock")
    other = next(token for token, face in state.tables.terrain.items() if face != "poor_rock")
    surveyed(state, site, poor)
    state.surveyed[site] = False
    assert not scoring.stalled(state)  # condition 3: a survey can still take rock off
    surveyed(state, site, other)
    state.surveyed[site] = False
    assert scoring.stalled(state)
    state.surveyed[site] = True
    state.rock.pop("P01")  # a site with exactly 2 poor rock and free build spaces
    assert scoring.stalled(state)  # condition 5 is checked in era 2 only
    state.era = 2
    assert not scoring.stalled(state)  # condition 5: a shaft house in supply and a free build space
    for seat in range(state.players):
        state.supply[seat][1] = 0
    assert scoring.stalled(state)


def test_c_casualty_look_ahead_keeps_the_working_miner_for_the_claim():  # COP-R18, COP-R22, COP-R27
    state = new(use_company_cards=False)
    state.claim[0] = "PROD1-06"  # its produce row: labor, surface, 1 poor rock, cemetery
    state.houses = {"C1": [0], "C2": [], "C3": [], "C4": []}  # 1 house next to M07: ignores unrest only
    set_hand(state, 0, [LABOR, SURFACE])
    on_top(state, "PROD1-12")  # row 1: unrest + complete the claim
    for miner in range(1, 5):
        place_miner(state, 0, miner, "C3", False)  # no unskilled miner
    work(state, 0, "M07")
    assert "choose_row:1:held" in kinds(state)
    choose(state, 1, "held")
    pay_all(state)
    assert kinds(state) == ["casualty:ignore"]  # the working miner must stay for the cemetery icon
    state.apply(0, Casualty.of("ignore"))
    assert kinds(state) == ["casualty:working"]


def test_d_rock_icons_need_rock_left_on_the_track():  # COP-R18
    state = new()
    on_top(state, "PROD1-01")
    work(state, 0, "M07")
    row = Row((), 0, 1, 0, 0, False, True, 0)  # no data row has claim + rock: a synthetic one
    assert claim_row(state, 0, "company").poor_rock == 1
    company = Row((), 0, 1, 0, 0, False, False, 10)  # its rock, without its resources
    state.track_next = state.track_end - 1
    assert row_legal(state, 0, row, company)
    state.track_next = state.track_end  # 1 rock left, 2 needed
    assert not row_legal(state, 0, row, company) and row_legal(state, 0, row, NO_ROW)


def test_e_era_change_shuffles_the_community_in_and_conserves_capital_cards():  # COP-R34
    changed = False
    for seed in range(6):
        state = new(seed=seed)
        before = sorted(sum(state.hands, []) + state.capital_deck + state.capital_discard + state.community)
        community = list(state.community)
        state.capital_discard.append(state.capital_deck.pop())
        eras.new_era(state, 2)
        after = sorted(sum(state.hands, []) + state.capital_deck + state.capital_discard + state.community)
        assert after == sorted(before + state.tables.capital_by_era[2]) and not state.capital_discard
        changed |= any(card in state.capital_deck for card in community)
    assert changed


def test_f_a_second_business_icon_opens_a_second_business():  # COP-R36
    state = new()
    spaces = [n for n, icon in enumerate(state.icons, 1) if icon == "local_business"]
    assert len(spaces) == 2
    for number in spaces:
        state.track_next = number
        track.take_from_track(state, 0, "P16", "")
    assert len(state.businesses) == 2 and len(set(state.businesses)) == 2
    assert len(state.business_pool) == len(state.tables.businesses) - 2


def test_g_one_man_drill_everyone_draws_before_anyone_goes_to_unrest():  # COP-R37, E20-1
    state = new(players=3)
    state.current = 0
    set_tasks(state, [["manage", 0], ["labor", 0], ["before_dividends", 0], ["dividends", 0], ["end_turn", 0]])
    state.event_pools["event_20th"] = ["E20-1"]
    events.draw_event(state, "event_20th")
    FLOW.proceed(state)
    for seat in range(3):
        assert state.decision(seat).kind == "event_drill"
        assert all("unrest" not in state.miner_at[s] for s in range(3))
        state.apply(seat, Done.of())
    assert all(state.miner_at[s].count("unrest") == 1 for s in range(3))


def test_h_two_company_houses_do_not_offer_the_redraw():  # COP-R27
    state = new(use_company_cards=False)
    state.houses = {"C1": [0], "C2": [0], "C3": [], "C4": []}  # M07 borders C1 and C2
    on_top(state, COLLAPSE, "PROD1-01")
    work(state, 0, "M07")
    assert Redraw.of() not in state.decision(0).actions
    state.houses["C1"].append(0)
    edited(state)
    assert Redraw.of() in state.decision(0).actions


def test_i_a_powered_building_counts_after_an_unpowered_one():  # COP-R14, COP-R15
    state = new()
    # M01's build spaces are B01, B02, B03; B01 is not powered, B02 is powered by a hoist house on B10
    state.builds = {"B01": [0, "shaft_house"], "B02": [0, "shaft_house"], "B10": [0, "hoist_house"]}
    assert state.board.site_builds["M01"][:2] == ("B01", "B02") and not partners(state, 0, "B01")
    assert max_shifts(state, 0, "M01") == 2 + 4
    del state.builds["B10"]
    assert max_shifts(state, 0, "M01") == 2 + 2


def test_j_every_copper_pile_is_revealed_at_the_end():  # COP-R4 option hidden_scores
    state = new(players=3)
    state.copper = [["PROD1-01"], ["PROD1-02"], []]
    assert "copper" not in state.view(0)["seats"][1]
    state.over = True
    for seat in (None, 0, 1, 2):
        for entry in state.view(seat)["seats"]:
            assert entry["copper"] == state.copper[entry["seat"]] and "copper_score" in entry


def test_k_knowledge_of_the_top_card_is_forgotten_when_it_leaves():  # COP-R4
    state = new()
    surveyed(state, "M07", "T01")
    on_top(state, "PROD1-02", "PROD1-05")
    state.peek[1] = "PROD1-02"  # as after seat 1's Gazette
    assert state.view(1)["known_top_production_card"] == "PROD1-02"
    work(state, 0, "M07")  # the shift reveals it
    assert state.peek[1] == ""
    on_top(state, "PROD1-02")  # back on top (as a test rig): seat 1 has no reason to know it
    edited(state)
    assert state.view(1)["known_top_production_card"] is None


# --- COP-R40 second step: only the players still tied (finding 2) -----------------------------------------

FIRST = (["CO5", "CO1", "CO1"],  # explosive; labor; labor
         [["PROD3-20", "PROD1-17", "PROD1-05"], ["PROD2-19", "PROD3-04"], ["PROD2-10", "PROD3-11"]])
SECOND = (["CO5", "CO1", "CO5"],
          [["PROD2-04", "PROD1-13", "PROD3-10"], ["PROD1-14", "PROD3-18", "PROD2-22"],
           ["PROD2-21", "PROD1-06", "PROD2-02"]])


def tied_result(rule, companies, piles):
    state = new(players=3, tiebreak_specialization=rule)
    state.company, state.copper, state.company_done = list(companies), [list(p) for p in piles], [False] * 3
    state.over, state.tasks = True, []  # over: the agenda empty, as scoring.end_game leaves it
    assert final_scores(state)[0] == final_scores(state)[1] == final_scores(state)[2]
    return state.result()


def test_second_tiebreak_among_those_still_tied_only():  # COP-R40, COP-R41
    # All score 12. Without cemetery cards: 4, 4, 12 (seat 2 keeps its labor award of 2): seat 2 is first.
    # Without cemetery and unrest cards, seats 0 and 1 alone are still tied; seat 0's explosive 1 beats
    # seat 1's labor 0 among them (tied_players), but not seat 2's original labor 2 (all_players).
    result = tied_result("tied_players", *FIRST)
    assert result.ranking == (2, 3, 1) and (0, 1, scoring.WITHOUT_CEMETERY_AND_UNREST) in result.ties
    result = tied_result("all_players", *FIRST)
    assert result.ranking == (2, 2, 1) and (0, 1, None) in result.ties


def test_second_tiebreak_compares_the_separated_player_by_its_original_score():  # COP-R40 all_players
    # Seat 2, separated by the first step, has an original explosive specialization of 2; its score
    # without cemetery and unrest cards (1) is no rival, so seat 0's 1 earns no award: 0 and 1 stay tied.
    result = tied_result("all_players", *SECOND)
    assert result.ranking == (2, 2, 1)
    assert tied_result("tied_players", *SECOND).ranking == (2, 3, 1)


# --- business windows (finding 5) ----------------------------------------------------------------------- COP-R36

def test_a_business_is_offered_before_a_management_action_with_nothing_legal():  # COP-R5, COP-R36
    state = new()
    state.businesses = ["LB2"]
    state.community = [""] * len(state.community)
    state.capital_deck, state.capital_discard = [], []
    state.production_deck, state.production_discard = [], []
    for site in state.board.sites:
        state.surveyed[site] = True
    state.supply[0] = [0, 0, 0]
    at_management(state, 0)
    FLOW.proceed(state)
    assert kinds(state) == ["use_business:LB2", Done.of().id]
    state.apply(0, Done.of())  # the first management action is skipped
    assert kinds(state) == ["use_business:LB2", Done.of().id]
    state.apply(0, UseBusiness.of("LB2"))
    state.apply(0, Discard.of(state.decision(0).actions[0].card))  # the card is drawn back at once
    assert state.decision(0).kind == "management" and "use_business:LB2" not in kinds(state)
    state.apply(0, state.decision(0).actions[0])  # the discard made a capital call legal
    assert state.decision(0).kind == "labor"


def test_the_gazette_refills_an_empty_production_deck():  # LB5, COP-R33
    state = new()
    state.businesses = ["LB5"]
    surveyed(state, "M07", "T01")
    set_hand(state, 0, [])
    on_top(state, "PROD1-02", "PROD1-05")
    work(state, 0, "M07")
    choose(state, 2)
    state.production_discard += state.production_deck
    state.production_deck = []
    edited(state)
    assert "use_business:LB5" in kinds(state)
    state.apply(0, UseBusiness.of("LB5"))
    assert state.production_deck and not state.production_discard
    assert state.view(0)["known_top_production_card"] == state.production_deck[-1]


# --- COP-R56: the stall decided on what the players see (finding 3) ----------------------------------------

def test_stall_counts_a_set_aside_poor_rock_token_as_possibly_on_the_board():  # COP-R52, COP-R56
    state = new(board="winter", industry_track_tokens="end=17")
    stalled_board(state)
    faces = state.tables.terrain
    site = next(s for s in state.board.sites if faces[state.terrain[s]] != "poor_rock")
    poor = next(t for t in sorted(faces) if faces[t] == "poor_rock" and t not in state.terrain.values())
    plain = next(t for t in sorted(faces) if faces[t] != "poor_rock" and t not in state.terrain.values())
    state.terrain_aside = [plain, poor]
    assert scoring.stalled(state)  # every token on the board face-up: the ones set aside cannot matter
    state.surveyed[site] = False  # its token is not poor rock, but the players cannot know that
    assert not scoring.stalled(state)  # for all they know, the poor-rock token set aside is on this site
    state.terrain_aside = [plain, plain]  # (a rig: no poor-rock token unseen)
    assert scoring.stalled(state)
