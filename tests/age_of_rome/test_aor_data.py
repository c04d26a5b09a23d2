"""Age of Rome's component data: the counts the rulebook prints, the printed cards, the effect
vocabulary, RECONSTRUCTED labels, and a user's file laid over the default (or refused).

Pages are those of the Russian rulebook's table of contents («Во славу Рима»).
"""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from ludi.engine import DataError
from ludi.games.age_of_rome import data as aor

SHIPPED = Path(aor.__file__).parent / "data" / "age_of_rome.yaml"
CONFIDENCES = {"CONFIRMED", "LIKELY", "RECONSTRUCTED"}


@pytest.fixture(scope="module")
def data() -> aor.AgeOfRomeData:
    return aor.load()


_SHIPPED_RAW: dict[str, Any] = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def raw() -> dict[str, Any]:
    """Return the shipped file's sections (a fresh copy, read once: YAML is slow to parse)."""
    return copy.deepcopy(_SHIPPED_RAW)


def write(tmp_path: Path, sections: dict[str, Any]) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(sections, allow_unicode=True), encoding="utf-8")
    return path


# -- the shipped file ------------------------------------------------------------------------


def test_the_shipped_file_validates_and_is_read_once(data: aor.AgeOfRomeData) -> None:
    assert aor.load() is data
    assert data.info.source.startswith("shipped default")
    assert len(data.info.sha256) == 64


def test_the_decks_hold_the_printed_number_of_cards(data: aor.AgeOfRomeData) -> None:
    """Состав игры (стр. 6-7): 18 events, 23 tasks, 38 goods, 3 anchors, 6 player boards."""
    assert len(data.events) == 18
    assert len(data.tasks) == 23
    assert len(data.goods) == len(data.goods_cards) == 38
    assert len(data.anchors) == 3
    assert len(data.characters) == 6
    printed = data.model.components.printed
    assert (printed["event_cards"], printed["task_cards"], printed["goods_cards"]) == (18, 23, 38)
    assert (printed["anchor_cards"], printed["player_boards"]) == (3, 6)


def test_six_of_the_events_are_the_harsh_times_cards(data: aor.AgeOfRomeData) -> None:
    """Суровые времена (стр. 28): add the six negative cards; 18 printed, so 12 base."""
    assert len(data.event_deck(harsh=False)) == 12
    assert len(data.event_deck(harsh=True)) == 18
    assert len(data.event_deck()) >= data.rounds == 9  # Об игре (стр. 10): nine rounds


def test_buildings_supply_and_levels(data: aor.AgeOfRomeData) -> None:
    """Подготовка (стр. 8): per type 4 level I, 3 level II, 2 level III; 2 players remove one II
    and one III of each type. 5 types x 9 = the 45 printed tiles. Capacity 1/2/3 (стр. 16)."""
    assert data.building_types == ("military", "politics", "trade", "religion", "agriculture")
    assert data.supply[4] == data.supply[3] == (4, 3, 2)
    assert data.supply[2] == data.supply[1] == (4, 2, 1)
    assert len(data.building_types) * sum(data.supply[4]) == 45
    assert data.model.components.printed["buildings"] == 45
    assert data.capacity == (1, 2, 3)


def test_the_religion_building_costs_as_the_example_prints(data: aor.AgeOfRomeData) -> None:
    """Здания (стр. 15): the religion cell costs 3 for 2 glory, II 8 for 4, III 13 for 6."""
    for province in data.provinces:
        assert data.level_cost(province, "religion", 1) == (3, 2)
    assert data.level_cost("italia", "religion", 2) == (8, 4)
    assert data.level_cost("italia", "religion", 3) == (13, 6)


def test_the_population_dial_has_the_printed_points(data: aor.AgeOfRomeData) -> None:
    """Фаза строительства (стр. 15) and Фаза дохода (стр. 24): population 3 costs 2 glory,
    5 costs 4, 6 costs 4; the dial reaches 1 + 5 types x level III = 16."""
    assert (data.penalty(3), data.penalty(5), data.penalty(6)) == (2, 4, 4)
    assert len(data.double_tax_penalty) == 16
    assert (data.tax_per_population, data.double_tax_per_population) == (1, 2)


def test_provinces_and_seats(data: aor.AgeOfRomeData) -> None:
    """Подготовка (стр. 8), Фаза строительства (стр. 15), Действие интриги (стр. 23): four
    provinces with 3 intrigue cells each, population 1 at the start; 2 players face
    non-adjacent provinces."""
    assert data.province_names == ("Africa", "Gallia", "Hispania", "Italia")
    assert data.intrigue_cells == 3
    assert data.population_start == 1
    two = data.seated_sides[2]
    assert (two[1] - two[0]) % data.sides == 2
    for players in (1, 2, 3, 4):
        assert len(data.seated_sides[players]) == players


def test_player_figures_match_the_component_list(data: aor.AgeOfRomeData) -> None:
    """Состав игры (стр. 6-7) against the boards (стр. 9): 20 supporters and 20 votes = 4 x 5,
    12 intrigue tokens = 4 x 3, 12 boost tokens = 4 x 3 boosts, 11 enmity tokens."""
    printed = data.model.components.printed
    assert printed["supporter_figures"] == 4 * data.supporter_cells == 20
    assert printed["vote_discs"] == 4 * data.vote_cells == 20
    assert printed["intrigue_tokens"] == 4 * data.intrigue_tokens == 12
    assert printed["boost_tokens"] == 4 * data.enmity_cells == 12
    assert printed["enmity_tokens"] == data.enmity_tokens == 11
    assert data.supporters_at_start == 1


def test_the_two_printed_count_discrepancies_are_settled_with_a_reason(
    data: aor.AgeOfRomeData,
) -> None:
    """Состав игры prints 23 legions and 23 Pantheon parts; the boards need 4 x 7 legions
    (стр. 9) and 4 x 5 own pieces plus the common ones (стр. 8, 22)."""
    settled = {s.component: s for s in data.model.components.settled}
    legions, parts = settled["legion_figures"], settled["pantheon_parts"]
    assert legions.printed == parts.printed == 23
    assert data.model.components.printed["legion_figures"] == 23
    assert legions.used == 4 * data.legion_cells == 28
    common = sum(len(v) for v in data.common_pieces(4).values())
    assert parts.used == 4 * data.pantheon_own + common == 28
    assert "7" in legions.reason and "стр. 9" in legions.reason
    assert "стр. 8" in parts.reason and "стр. 22" in parts.reason


def test_mark_antony_starts_as_the_rulebook_says(data: aor.AgeOfRomeData) -> None:
    """Планшеты игроков (стр. 9): legions 7/7, votes 4/5, 7 denarii, 1 glory, 2 enmity and
    the anchor card."""
    antony = data.characters[data.character_by_id["mark_antony"]]
    assert (antony.legions, antony.votes, antony.denarii, antony.glory, antony.enmity) == (
        7,
        4,
        7,
        1,
        2,
    )
    assert antony.anchor
    assert data.legion_cells == 7 and data.vote_cells == 5 and data.supporter_cells == 5
    assert sum(c.anchor for c in data.characters) <= len(data.anchors)


def test_every_board_has_two_common_intrigues_and_one_of_its_own(
    data: aor.AgeOfRomeData,
) -> None:
    """Эффекты интриг (стр. 14): eight effects; each board shows two common and one unique."""
    assert set(data.intrigue_names) == set(aor.INTRIGUE_EFFECTS)
    assert len(data.common_intrigues) == 2
    for c in data.characters:
        assert len(c.intrigues) == 3 and c.intrigues[2] not in data.common_intrigues


def test_tracks_and_scoring_numbers(data: aor.AgeOfRomeData) -> None:
    """Шкала славы (стр. 10), Вехи (стр. 11): a track 1-30, milestones 5 and markers on 12, 21,
    30. Политика (стр. 18): a column of 5, supremacy for 3 in a row is 2 glory. Земледелие
    (стр. 22): 1,1,2,2,3,3,4,4,5 denarii. Колизей: 1 glory. Подсчет (стр. 26): 4 denarii per
    glory, the Senate positions {1,2,3,5,6} of the example."""
    assert (data.fame_cells, data.fame_floor) == (30, 1)
    assert data.fixed_milestones == (5,) and data.milestone_markers == (12, 21, 30)
    assert (data.senate_column, data.supremacy_run, data.supremacy_glory) == (5, 3, 2)
    assert sorted(data.senate_values) == [1, 2, 3, 5, 6]
    assert data.agriculture_income == (1, 1, 2, 2, 3, 3, 4, 4, 5)
    assert data.colosseum_glory == 1
    assert data.denarii_per_glory == 4
    assert data.boost_repeats == 2


def test_battlefields_shields_and_banners(data: aor.AgeOfRomeData) -> None:
    """Военное дело (стр. 17), Подсчет очков за военное дело (стр. 25): the two tables."""
    fields = {b.id: b for b in data.battlefields}
    assert [b.shield for b in data.battlefields] == [2, 3, 4]
    assert fields["epirus"].banners[4] == (5, 2) and fields["epirus"].banners[2] == (5, 2)
    assert fields["macedonia"].banners[3] == (8, 4) and fields["macedonia"].banners[2] == (4,)
    assert fields["thrace"].banners[4] == (10, 5, 3) and fields["thrace"].banners[2] == (5, 3)
    assert all(b.banners[1] == b.banners[2] for b in data.battlefields)  # solo: the 2p table


def test_medals_as_printed(data: aor.AgeOfRomeData) -> None:
    """Медали (стр. 16): one per building type; Politician 3 glory, Trader jewels as jokers,
    Priest 3 denarii for 1 glory (and 3:1 at the end, стр. 26), Farmer +2 denarii."""
    powers = {m.building: m.power for m in data.medals}
    assert set(powers) == set(data.building_types)
    assert powers["military"].op == "wins_battlefield_ties"
    pol = powers["politics"]
    assert isinstance(pol, aor.SupremacyGloryPower) and pol.glory == 3
    trader = powers["trade"]
    assert isinstance(trader, aor.GoodsJokersPower) and trader.goods_type == "jewels"
    priest = powers["religion"]
    assert isinstance(priest, aor.BuyGloryPower)
    assert (priest.denarii, priest.glory, priest.denarii_per_glory_at_end) == (3, 1, 3)
    farmer = powers["agriculture"]
    assert isinstance(farmer, aor.AgricultureBonusPower) and farmer.denarii == 2


def test_pantheon_pieces_and_removals(data: aor.AgeOfRomeData) -> None:
    """Религия (стр. 22): foundation 2 own + 1 common, temple 3 own + 1 common; gold 4, silver
    3, bronze 2, own 1. Подготовка (стр. 8): 3 players remove a silver foundation and a bronze
    temple; 2 players a silver and a bronze foundation and two bronze temples."""
    assert data.pantheon_levels == (("foundation", 2, 1), ("temple", 3, 1))
    assert data.pantheon_values == {"gold": 4, "silver": 3, "bronze": 2, "own": 1}
    assert data.common_pieces(4) == {
        "foundation": ("gold", "silver", "bronze", "bronze"),
        "temple": ("gold", "silver", "bronze", "bronze"),
    }
    assert data.common_pieces(3) == {
        "foundation": ("gold", "bronze", "bronze"),
        "temple": ("gold", "silver", "bronze"),
    }
    assert data.common_pieces(2) == {"foundation": ("gold", "bronze"), "temple": ("gold", "silver")}
    assert data.common_pieces(1) == data.common_pieces(2)  # solo: set up as for 2 (стр. 29)


def test_goods_types_set_values_and_hand(data: aor.AgeOfRomeData) -> None:
    """Торговля (стр. 20), Подсчет очков за торговлю (стр. 26): hand of 5 with the anchor, sets
    of 3, at most 3 sets, sell for 1; tools 3, weapons 4, garments 5, jewels 6, chests jokers."""
    assert (data.hand_limit, data.set_size, data.max_sets, data.sell_denarii) == (5, 3, 3, 1)
    glory = {c.type: (c.set_glory, c.joker) for c in data.goods}
    assert glory == {
        "tools": (3, False),
        "weapons": (4, False),
        "garments": (5, False),
        "jewels": (6, False),
        "chests": (0, True),
    }


def test_the_five_printed_goods_cards(data: aor.AgeOfRomeData) -> None:
    """Торговля (стр. 20-21), the examples: Солнечные часы draw 1, Циркуль removes the anchor,
    Булла draws 2, Спата recruits a legion, Браслеты-змейки take the discard pile's top card;
    all played on placing a supporter, chained with each other (same trigger)."""
    by_ru = {c.name_ru: c for c in data.model.goods.cards if c.name_ru}
    assert set(by_ru) == {"Солнечные часы", "Циркуль", "Булла", "Спата", "Браслеты-змейки"}
    assert {c.trigger for c in by_ru.values()} == {"supporter_any"}
    assert by_ru["Солнечные часы"].effect == aor.DrawEffect(op="draw", count=1)
    assert by_ru["Булла"].effect == aor.DrawEffect(op="draw", count=2)
    assert by_ru["Циркуль"].effect.op == "remove_anchor"
    assert by_ru["Браслеты-змейки"].effect.op == "take_discard_top"
    spatha = by_ru["Спата"].effect
    assert isinstance(spatha, aor.RecruitEffect) and (spatha.figure, spatha.count) == ("legion", 1)
    assert all(c.provenance.confidence != "RECONSTRUCTED" for c in by_ru.values())


def test_the_vocabulary_expresses_all_seven_triggers(data: aor.AgeOfRomeData) -> None:
    """Карты товаров (стр. 21): seven trigger types; the shipped deck uses each of them."""
    assert len(aor.TRIGGERS) == 7
    assert {c.trigger for c in data.goods} == set(aor.TRIGGERS)
    assert {c.effect.op for c in data.goods} <= set(aor.GOODS_OPS)
    for placement, triggers in aor.PLACEMENT_TRIGGERS.items():
        assert "supporter_any" in triggers, placement


def test_two_players_remove_the_marked_goods_and_tasks(data: aor.AgeOfRomeData) -> None:
    """Подготовка (стр. 8): 2 players (and solo, стр. 29) remove the goods and task cards with
    the 2-player symbol."""
    marked = {c.index for c in data.goods if "two_players" in c.removed_in}
    assert marked
    for players in (1, 2):
        kinds = {data.goods_cards[n] for n in data.goods_deck(players)}
        assert kinds == {c.index for c in data.goods} - marked
    assert len(data.goods_deck(3)) == len(data.goods_deck(4)) == 38
    two = {t.index for t in data.tasks if "two_players" in t.removed_in}
    assert set(data.task_deck(2)) == {t.index for t in data.tasks} - two


def test_truce_and_heroes_remove_the_named_tasks(data: aor.AgeOfRomeData) -> None:
    """Перемирие and Герои (стр. 28) name the tasks they take out of the game."""
    by_ru = {t.name_ru: t.id for t in data.model.tasks.cards if t.name_ru}
    truce = {by_ru["Разжигание вражды"], by_ru["Неусыпная вражда"]}
    heroes = {
        by_ru[n]
        for n in (
            "Подношения",
            "Дикая торговля",
            "Первый в голосовании",
            "Черная работа",
            "Самый украшенный",
            "Последний кирпич в стене",
        )
    }
    everything = {data.tasks[i].id for i in data.task_deck(4)}
    assert everything == {t.id for t in data.tasks}
    assert everything - {data.tasks[i].id for i in data.task_deck(4, truce=True)} == truce
    assert everything - {data.tasks[i].id for i in data.task_deck(4, heroes=True)} == heroes
    # the deck still deals 3 to each of 4 players with both variants (стр. 8)
    assert len(data.task_deck(4, truce=True, heroes=True)) >= 4 * data.tasks_dealt
    assert (data.tasks_dealt, data.tasks_kept) == (3, 2)


def test_the_two_printed_task_effects(data: aor.AgeOfRomeData) -> None:
    """Пример подсчета очков (стр. 27): 3 glory per battlefield where you are 1st; earning the
    Warrior medal gives 6."""
    conqueror = data.tasks[data.task_by_id["conqueror"]].score
    assert isinstance(conqueror, aor.PerScore)
    assert conqueror.counter == "battlefields_first" and conqueror.glory_for(1) == 3
    wall = data.tasks[data.task_by_id["last_brick_in_the_wall"]].score
    assert isinstance(wall, aor.FixedScore)
    assert wall.counter == "medal:warrior" and (wall.glory_for(1), wall.glory_for(0)) == (6, 0)


def test_the_solo_goals_and_titles(data: aor.AgeOfRomeData) -> None:
    """Соло Императора (стр. 29): seven goals; 4-5 Praetor, 6 Emperor, 7 child of Jupiter."""
    assert len(data.solo_goals) == 7
    assert ("glory", "51 glory on the fame track", "glory", 51) in data.solo_goals
    assert [n for n, _ in data.solo_titles] == [4, 6, 7]
    assert data.solo_event_denarii == 1


def test_players_diplomacy_and_achievements(data: aor.AgeOfRomeData) -> None:
    """1 to 4 players (the solo, стр. 29); Шпионы и союзники (стр. 28): one espionage and one
    alliance token per colour (8 printed), for 2-4 players; Достижения (стр. 31): 12 tokens,
    of which Ludi keeps the 11 that do not belong to the Cassius scenario."""
    assert data.players == (1, 2, 3, 4)
    assert data.diplomacy_tokens == ("espionage", "alliance") and data.diplomacy_players == (
        2,
        3,
        4,
    )
    assert 4 * len(data.diplomacy_tokens) == data.model.components.printed["diplomacy_tokens"]
    assert data.model.components.printed["achievement_tokens"] == 12
    assert len(data.achievements) == 11
    by_id = {a.id: a for a in data.achievements}
    assert by_id["designers_best"].reached(113) and not by_id["designers_best"].reached(112)
    assert by_id["no_enmity"].reached(0) and not by_id["no_enmity"].reached(1)


# -- provenance ------------------------------------------------------------------------------


def test_every_card_and_character_carries_a_provenance_label() -> None:
    """Each card, anchor and character of the shipped file says how sure its values are."""
    shipped = raw()
    things = [
        *shipped["goods"]["cards"],
        *shipped["events"]["cards"],
        *shipped["tasks"]["cards"],
        *shipped["anchors"]["cards"],
        *shipped["characters"]["boards"],
    ]
    assert len(things) == 38 + 18 + 23 + 3 + 6
    for thing in things:
        assert thing["provenance"]["confidence"] in CONFIDENCES, thing["id"]
        assert thing["provenance"]["source"], thing["id"]
    for name, section in shipped.items():
        if isinstance(section, dict):
            assert section["provenance"]["confidence"] in CONFIDENCES, name


def test_reconstructed_parts_are_summarised(data: aor.AgeOfRomeData) -> None:
    """What no source gives is named for ``ludi games`` and at the start of a match."""
    summary = data.reconstructed_summary()
    assert any(line.startswith("goods cards: 33 of 38 RECONSTRUCTED") for line in summary)
    assert "event cards: 18 of 18 RECONSTRUCTED" in summary
    assert any(line.startswith("task cards: 21 of 23 RECONSTRUCTED") for line in summary)
    sections = {n.section for n in data.info.reconstructed()}
    assert {"goods", "events", "tasks", "buildings.levels", "senate.values"} <= sections
    assert "RECONSTRUCTED" in data.start_notice() and "goods" in data.start_notice()
    assert "bulla" in data.printed_cards() and "triumph" not in data.printed_cards()


# -- a user's file ---------------------------------------------------------------------------


def test_an_overlay_changes_exactly_what_it_names(tmp_path: Path, data: aor.AgeOfRomeData) -> None:
    """A --data file with a corrected goods section changes that card and nothing else."""
    goods = raw()["goods"]
    mallet = next(c for c in goods["cards"] if c["id"] == "mallet")
    mallet["effect"] = {"op": "gain", "glory": 2}
    mallet["provenance"] = {"source": "my copy", "confidence": "CONFIRMED"}
    mine = aor.load(write(tmp_path, {"goods": goods}))
    assert mine is not data and mine.info.source.endswith("mine.yaml")
    assert mine.info.sha256 != data.info.sha256
    changed = mine.goods[mine.goods_by_id["mallet"]]
    assert (
        changed.effect == aor.GainEffect(op="gain", glory=2) and changed.confidence == "CONFIRMED"
    )
    for before, after in zip(data.goods, mine.goods, strict=True):
        if before.id != "mallet":
            assert before == after
    for section in aor.AgeOfRomeFile.model_fields:
        if section != "goods":
            assert getattr(mine.model, section) == getattr(data.model, section), section
    assert aor.load() is data  # the default is untouched


def test_an_overlay_may_add_a_card_without_code(tmp_path: Path) -> None:
    events = raw()["events"]
    events["cards"].append(
        {
            "id": "games_of_pompey",
            "name": "Games of Pompey",
            "deck": "base",
            "who": {"select": "all"},
            "effects": [{"op": "gain", "glory": 1}, {"op": "draw", "count": 1}],
            "arrow": {"turn": "cw", "quarters": 2},
            "provenance": {"source": "house rule", "confidence": "RECONSTRUCTED"},
        }
    )
    mine = aor.load(write(tmp_path, {"events": events}))
    added = mine.events[mine.event_by_id["games_of_pompey"]]
    assert added.select == "all" and added.quarters == 2 and added.clockwise
    assert [e.op for e in added.effects] == ["gain", "draw"]
    assert len(mine.event_deck()) == 13


def test_a_card_printed_in_copies_is_dealt_that_many_times(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][0]["copies"] = 3
    mine = aor.load(write(tmp_path, {"goods": goods}))
    assert len(mine.goods) == 38 and len(mine.goods_cards) == 40
    sundials = [n for n in mine.goods_deck(4) if mine.goods_cards[n] == mine.goods_by_id["sundial"]]
    assert len(sundials) == 3


def _refused(tmp_path: Path, sections: dict[str, Any]) -> str:
    with pytest.raises(DataError) as err:
        aor.load(write(tmp_path, sections))
    return str(err.value)


def test_a_bad_goods_card_is_refused_naming_card_field_and_reason(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][3]["effect"] = {"op": "draw", "count": 0}
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[3] (mallet).effect.count" in message
    assert "greater than or equal to 1" in message
    assert "mine.yaml" in message


def test_an_unknown_effect_op_is_refused(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][0]["effect"] = {"op": "conquer_gaul"}
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[0] (sundial).effect" in message and "conquer_gaul" in message


def test_an_effect_at_the_wrong_trigger_is_refused(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][0]["effect"] = {"op": "building_discount", "denarii": 1}
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[0] (sundial).effect.op" in message and "'build'" in message


def test_an_event_effect_on_a_goods_card_is_refused(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][1]["effect"] = {"op": "take_enmity", "count": 1}
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[1] (compass).effect.op" in message and "event effect" in message


def test_an_unknown_trigger_or_type_is_refused(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][4]["trigger"] = "at_dawn"
    goods["cards"][5]["type"] = "spices"
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[4] (plough).trigger" in message and "supporter_any" in message
    goods["cards"][4]["trigger"] = "build"
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[5] (scales).type: unknown goods type 'spices'" in message


def test_an_unknown_field_on_a_card_is_refused(tmp_path: Path) -> None:
    tasks = raw()["tasks"]
    tasks["cards"][2]["glory"] = 7
    message = _refused(tmp_path, {"tasks": tasks})
    assert "tasks.cards[2] (offerings).glory" in message and "Extra inputs" in message


def test_a_task_with_an_unknown_counter_is_refused(tmp_path: Path) -> None:
    tasks = raw()["tasks"]
    tasks["cards"][9]["score"]["counter"] = "slaves"
    tasks["cards"][10]["score"]["counter"] = "medal:gladiator"
    message = _refused(tmp_path, {"tasks": tasks})
    assert "tasks.cards[9] (senator).score.counter: unknown counter 'slaves'" in message
    assert "tasks.cards[10] (voice_of_the_senate).score.counter: unknown medal" in message


def test_a_character_whose_numbers_disagree_with_its_print_is_refused(tmp_path: Path) -> None:
    characters = raw()["characters"]
    characters["boards"][1]["denarii"] = 9
    message = _refused(tmp_path, {"characters": characters})
    assert "characters.boards[1] (lepidus)" in message and "printed" in message


def test_a_deck_too_small_for_the_game_is_refused(tmp_path: Path) -> None:
    events = raw()["events"]
    events["cards"] = [e for e in events["cards"] if e["deck"] == "harsh"] + events["cards"][:3]
    message = _refused(tmp_path, {"events": events})
    assert "events: 3 base cards for 9 rounds" in message
    tasks = raw()["tasks"]
    tasks["cards"] = tasks["cards"][:12]
    message = _refused(tmp_path, {"tasks": tasks})
    assert "tasks:" in message and "12 are dealt" in message


def test_a_duplicate_card_id_is_refused(tmp_path: Path) -> None:
    goods = raw()["goods"]
    goods["cards"][7]["id"] = "sundial"
    message = _refused(tmp_path, {"goods": goods})
    assert "goods.cards[7] (sundial).id: used twice" in message


def test_a_pantheon_removal_of_a_missing_piece_is_refused(tmp_path: Path) -> None:
    pantheon = raw()["pantheon"]
    pantheon["removed"][3]["temple"] = ["silver", "silver"]
    message = _refused(tmp_path, {"pantheon": pantheon})
    assert "removed.3.temple: no silver piece left to remove" in message


def test_the_printed_kinds_of_buildings_goods_and_medals_stay(tmp_path: Path) -> None:
    """The rules index the five building types (стр. 15), the five goods types (стр. 26) and
    the medals' powers (стр. 16) as printed: a file that changes them is refused, not crashed."""
    buildings = raw()["buildings"]
    buildings["types"].reverse()
    assert "buildings.types: the five types in this order" in _refused(
        tmp_path, {"buildings": buildings}
    )
    goods = raw()["goods"]
    goods["types"][4]["id"] = "amphorae"
    for card in goods["cards"]:
        if card["type"] == "chests":
            card["type"] = "amphorae"
    assert "goods.types: the five types in this order" in _refused(tmp_path, {"goods": goods})
    medals = raw()["medals"]
    medals["kinds"][1]["power"] = {"op": "agriculture_bonus", "denarii": 2}
    message = _refused(tmp_path, {"medals": medals})
    assert "medals.kinds[1] (politician).power.op" in message and "supremacy_glory" in message
    medals = raw()["medals"]
    medals["kinds"][1]["power"]["glory"] = 4  # its numbers are data
    assert aor.load(write(tmp_path, {"medals": medals})).medals[1].power.glory == 4


def test_an_unknown_section_or_bad_yaml_is_refused(tmp_path: Path) -> None:
    message = _refused(tmp_path, {"gladiators": {}})
    assert "unknown section(s) gladiators" in message
    bad = tmp_path / "broken.yaml"
    bad.write_text("goods: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid YAML"):
        aor.load(bad)


def test_the_effect_vocabulary_is_documented_op_by_op() -> None:
    """The rules implement each op from data.py's docstring: every op is described there."""
    doc = aor.__doc__ or ""
    for op in {*aor.GOODS_OPS, *aor.EVENT_OPS}:
        assert f"``{op}``" in doc, op
    for trigger in aor.TRIGGERS:
        assert f"``{trigger}``" in doc, trigger
    ops = Counter(c.effect.op for c in aor.load().goods)
    assert ops["draw"] >= 2  # Солнечные часы and Булла at least


def test_every_card_reads_in_player_language(data: aor.AgeOfRomeData) -> None:
    """A card's text names no data key: no op, counter or trigger id reaches a player."""
    texts = [aor.goods_words(c) for c in data.goods]
    texts += [aor.event_words(e) for e in data.events]
    texts += [aor.score_words(t.score) for t in data.tasks]
    for text in texts:
        assert "_" not in text, text
    assert aor.goods_words(data.goods[data.goods_by_id["bulla"]]) == (
        "when you place a supporter: draw 2 goods cards"
    )
    conqueror = data.tasks[data.task_by_id["conqueror"]].score
    assert aor.score_words(conqueror) == "3 glory per battlefield where you are 1st"


def test_a_corrected_card_reaches_the_rules_without_code(tmp_path: Path) -> None:
    """The rules' tables built from a --data file carry the corrected card (issue 8: 'a --data
    file with a corrected card changes that card without a line of code')."""
    from ludi.games.age_of_rome.tables import compile_tables

    goods = raw()["goods"]
    mallet = next(c for c in goods["cards"] if c["id"] == "mallet")
    mallet["effect"] = {"op": "draw", "count": 2}
    tables = compile_tables(aor.load(write(tmp_path, {"goods": goods})))
    compiled = tables.goods[tables.goods_index["mallet"]]
    assert compiled.text == "when you build: draw 2 goods cards"
    assert [(e.op, e.n) for e in compiled.effects] == [("draw", 2)]
    shipped = compile_tables(aor.load())
    assert shipped.goods[shipped.goods_index["mallet"]].text == "when you build: +1 glory"


def test_a_json_file_is_read_like_a_yaml_one(tmp_path: Path) -> None:
    """docs/age_of_rome.md: 'a YAML (or JSON) file'; player counts as JSON's string keys."""
    import json

    senate = raw()["senate"]
    senate["values"] = [6, 5, 3, 2, 1]  # the other order of the column
    battlefields = raw()["battlefields"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"senate": senate, "battlefields": battlefields}), encoding="utf-8")
    mine = aor.load(path)
    assert mine.senate_values == (6, 5, 3, 2, 1)
    assert mine.battlefields[2].banners[4] == (10, 5, 3)


_JUNK = [None, 0, -1, 3, 99, "", "x", "build", "tools", "legion", [], [1], {}, {"op": "gain"}]
_SECTIONS = ["goods", "events", "tasks", "characters", "buildings", "battlefields", "pantheon"]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the path of every value in a section (mapping keys and list indexes)."""
    out = [here] if here else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*here, i))
    return out


@pytest.mark.parametrize("seed", range(2))
def test_any_damaged_file_is_refused_cleanly_or_plays(tmp_path: Path, seed: int) -> None:
    """Whatever one changes in a section, the file is either refused with a DataError (never
    another exception) or read, and then the rules' tables are built from it."""
    import random as random_module

    from ludi.games.age_of_rome.tables import compile_tables

    rng = random_module.Random(seed)
    for _attempt in range(12):
        name = rng.choice(_SECTIONS)
        section = raw()[name]
        path = rng.choice(_paths(section))
        node = section
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(_JUNK)
        try:
            data = aor.load(write(tmp_path, {name: section}))
        except DataError as err:
            assert "mine.yaml: " in str(err)
            continue
        compile_tables(data)  # what validates, the rules can read
