"""Messages into words (render/text.py): placeholders, plurals, nesting, styles, and a
catalog file that is wrong is refused with its name and key."""

import pytest

from engines.core import Msg, RuleError
from engines.core.data import DataError
from render.text import Catalog, Style, catalog, load_catalog, words


def small() -> Catalog:
    return Catalog("en", {
        "core.list_last": "{head} and {tail}",
        "t.earn": {"count": "coins", "one": "{seat:seat} earns {coins} coin.", "other": "{seat:seat} earns {coins} coins."},
        "t.walk": "{seat:seat} walks to {to}{fees}.",
        "t.fees": ", paying {fees}",
        "t.fee": "{gold} to {seat:seat}",
        "t.refuse": "I could not read “{text:input}”.",
        "t.net": "{net:signed} gold",
        "t.who": "waiting for {seats:seats}",
    })


def test_plurals_pick_the_form_by_the_named_count():
    c = small()
    assert c.text(Msg("t.earn", seat=0, coins=1)) == "seat 1 earns 1 coin."
    assert c.text(Msg("t.earn", seat=0, coins=5)) == "seat 1 earns 5 coins."


def test_a_zero_form_is_what_zero_says_and_a_brazilian_zero_is_plural():
    table = {"count": "n", "zero": "Nothing left.", "one": "{n} left.", "other": "{n} left."}
    c = Catalog("en", {"t.left": table, "t.coins": {"count": "n", "one": "{n} coin", "other": "{n} coins"}})
    assert [c.text(Msg("t.left", n=n)) for n in (0, 1, 2)] == ["Nothing left.", "1 left.", "2 left."]
    pt = Catalog("pt-BR", {"t.coins": {"count": "n", "one": "{n} moeda", "other": "{n} moedas"}})
    assert [pt.text(Msg("t.coins", n=n)) for n in (0, 1, 2, 5)] == ["0 moedas", "1 moeda", "2 moedas", "5 moedas"]
    assert catalog("en").text(Msg("bot.reveal.hidden_head", count=0)) == "Nothing was still hidden at the end."


def test_a_unit_placeholder_puts_each_count_s_noun_in_its_own_form():
    c = Catalog("en", {
        "leo.unit.florins": {"count": "n", "one": "{n} florin", "other": "{n} florins"},
        "leo.pay": "{firm} pays {amount:florins}, {short:florins} short.",
        "bv.pay": "{firm} pays {amount:florins}.",
    })
    assert c.text(Msg("leo.pay", firm="Anne", amount=1, short=5)) == "Anne pays 1 florin, 5 florins short."
    assert c.text(Msg("leo.pay", firm="Anne", amount=0, short=1)) == "Anne pays 0 florins, 1 florin short."
    with pytest.raises(ValueError, match="bv.unit.florins"):  # a unit of the message's own file
        c.text(Msg("bv.pay", firm="Anne", amount=1))


def test_nested_messages_and_lists_and_optional_parts():
    c = small()
    fees = Msg("t.fees", fees=[Msg("t.fee", gold=1, seat=1), Msg("t.fee", gold=2, seat=2)])
    assert c.text(Msg("t.walk", seat=0, to="E5", fees=fees)) == "seat 1 walks to E5, paying 1 to seat 2 and 2 to seat 3."
    assert c.text(Msg("t.walk", seat=0, to="E5", fees="")) == "seat 1 walks to E5."


def test_styles_decide_how_seats_and_inputs_look():
    c = small()
    chat = Style(seat=lambda s: f"**{['Anne', 'Bruno', 'Carla'][s]}**")
    assert c.text(Msg("t.who", seats=[0, 1, 2]), chat) == "waiting for **Anne**, **Bruno** and **Carla**"
    long = "x\n" * 5000
    out = c.text(Msg("t.refuse", text=long))
    assert "\n" not in out and len(out) < 100
    assert c.text(Msg("t.net", net=3)) == "+3 gold" and c.text(Msg("t.net", net=-2)) == "-2 gold"


def _firms(locale: str, firm: str, paid: str, turn: str) -> Catalog:
    return Catalog(locale, {
        "core.list_last": "{head} e {tail}",
        "t.firm": {"count": "size", "one": "{members:seats}", "other": firm},
        "t.paid": paid, "t.turn": turn, "t.name": "{name}"})


@pytest.mark.parametrize("locale, firm, paid, turn, said", [
    ("it", "la corporazione di {members:seats}", "{payer} paga {gold} a {payee}.", "Giro 2: tocca a {firm}.",
     ["La corporazione di Anne e Bruno paga 5 alla corporazione di Carla e Dino.",
      "Giro 2: tocca alla corporazione di Anne e Bruno."]),
    ("pt-BR", "a corporação de {members:seats}", "{payer} paga {gold} a {payee}.", "Rodada 2: vez de {firm}.",
     ["A corporação de Anne e Bruno paga 5 à corporação de Carla e Dino.",
      "Rodada 2: vez da corporação de Anne e Bruno."]),
])
def test_a_nested_article_contracts_with_the_preposition_and_a_sentence_starts_with_a_capital(
        locale, firm, paid, turn, said):
    """Issue 28: 'tocca a la corporazione', 'vez de a corporação', 'la corporazione di … paga …'."""
    c = _firms(locale, firm, paid, turn)
    names = Style(seat=lambda s: ["Anne", "Bruno", "Carla", "Dino"][s])
    pair, other = Msg("t.firm", members=[0, 1], size=2), Msg("t.firm", members=[2, 3], size=2)
    assert [c.text(Msg("t.paid", payer=pair, gold=5, payee=other), names),
            c.text(Msg("t.turn", firm=pair), names)] == said


def test_a_players_name_is_never_contracted_or_capitalised():
    """Only the catalog's words join: a player called 'la volpe' stays as written."""
    c = _firms("it", "la corporazione di {members:seats}", "{payer} paga {gold} a {payee}.", "Giro 2: tocca a {firm}.")
    fox = Style(seat=lambda s: "la volpe")
    alone = Msg("t.firm", members=[0], size=1)
    assert c.text(Msg("t.turn", firm=alone), fox) == "Giro 2: tocca a la volpe."
    assert c.text(Msg("t.paid", payer=alone, gold=5, payee=alone), fox) == "la volpe paga 5 a la volpe."
    assert c.text(Msg("t.turn", firm="la volpe")) == "Giro 2: tocca a la volpe."  # a plain value is a value


def test_an_italian_a_or_e_before_the_same_vowel_takes_its_d_and_the_name_stays():
    """Issue 28: "tocca ad Anne", "Bruno ed Elena" (Italian's euphonic d), past a seat's chip; only
    before the same vowel, only in Italian, and the name itself is never changed."""
    c = _firms("it", "la corporazione di {members:seats}", "{payer} paga {gold} a {payee}.", "Giro 2: tocca a {firm}.")
    chips = Style(seat=lambda s: "🟦 " + ["Anne", "Bruno", "Elena", "Ugo"][s])
    assert c.text(Msg("t.turn", firm="Anne")) == "Giro 2: tocca ad Anne."
    assert c.text(Msg("t.turn", firm=Msg("t.firm", members=[0], size=1)), chips) == "Giro 2: tocca ad 🟦 Anne."
    assert c.text(Msg("t.turn", firm="Elena")) == "Giro 2: tocca a Elena."  # "ad" only before an a
    assert c.text(Msg("t.turn", firm="Ugo")) == "Giro 2: tocca a Ugo."
    assert c.text(Msg("t.turn", firm="alba")) == "Giro 2: tocca ad alba."  # the name as written
    assert c.text(Msg("t.firm", members=[1, 2], size=2), chips) == "la corporazione di 🟦 Bruno ed 🟦 Elena"
    assert c.text(Msg("t.firm", members=[1, 0], size=2), chips) == "la corporazione di 🟦 Bruno e 🟦 Anne"
    assert c.join(["Anne", "Bruno", "Elena"]) == "Anne, Bruno ed Elena"
    assert catalog("it").join(["Bruno", "Elena"]) == "Bruno ed Elena"
    pt = _firms("pt-BR", "a corporação de {members:seats}", "{payer} paga {gold} a {payee}.", "Rodada 2: vez de {firm}.")
    assert pt.text(Msg("t.paid", payer="Bruno", gold=5, payee="Ana")) == "Bruno paga 5 a Ana."
    assert pt.join(["Bruno", "Elena"]) == "Bruno e Elena"


def test_refusals_and_legacy_sentences_render():
    assert words(RuleError("core.player_count", title="X", low=2, high=4, seats=1)) == "X needs 2–4 players, not 1."
    with pytest.raises(ValueError):  # engines speak in keys, never in sentences
        RuleError("An old {sentence}.")


def test_a_missing_key_or_parameter_is_an_error_not_a_blank():
    with pytest.raises(KeyError):
        small().text(Msg("t.nowhere"))
    with pytest.raises(KeyError):
        small().text(Msg("t.walk", seat=0))


def test_the_english_catalog_loads(tmp_path):
    assert catalog("en").has("core.not_your_turn")
    (tmp_path / "bad.toml").write_text('[x]\ncount = "n"\none = "a"\n', encoding="utf-8")
    with pytest.raises(DataError, match="bad.toml: key bad.x"):
        load_catalog(tmp_path, "en")
    (tmp_path / "bad.toml").write_text("y = 3\n", encoding="utf-8")
    with pytest.raises(DataError, match="bad.toml: key bad.y"):
        load_catalog(tmp_path, "en")
