"""What a search sample must keep of what the seat has seen (found by the conformance suite)."""

import ludi
from ludi import Rng

MOVES = (
    "0:shield5/1@b18>GC 1:shield4/2@b08>SD 0:laurel2/2@b20 1:laurel2/2@b10 0:sword5/1@b14>IT "
    "1:ship5/1@b06:down 1:discard:senate 0:ship6/0@b13>AF 1:sword5/1@b25>CY 0:sword6/0@b12>SC "
    "1:ship3/3@b15 0:laurel3/1@b27>CR 1:sword6/0@b11>AF 0:sword4/2@b05>MT 0:use:poison "
    "1:ship4/2@b07>SC 1:discard:wealth 0:shield3/3@b24 0:discard:poison 1:laurel2/2@b21 "
    "0:laurel4/0@b09>GA 0:discard:senate 1:shield5/1@b30>SY 0:ship3/3@b02 1:sword4/2@b29>AG "
    "1:might:GC 0:ship4/2@b26>CR 1:laurel4/0@b22>CR 1:use:wealth 0:shield4/2@b28:down "
    "0:use:tactics 0:discard:wealth 0:discard:senate 0:ship5/1@b17>DM 1:sword3/3@b03 "
    "1:might:b14 0:shield6/0@b16>IT 0:discard:senate 1:shield6/0@b01>HC 1:use:tactics "
    "1:might:b16 1:laurel3/1@b04>SD 1:discard:tactics 1:use:poison"
)


def test_a_sample_never_leaves_the_seat_to_act_without_a_legal_action() -> None:
    st = ludi.new_match(
        "caesar", players=2, seed=0, options={"poison": True, "border_control": True}
    )
    for move in MOVES.split():
        seat, text = move.split(":", 1)
        st.apply(int(seat), text)
    assert st.to_act == (0,) and st.legal_actions(0)
    for k in range(20):
        sample = st.sample_hidden(1, Rng(k))  # Pompey re-draws Caesar's hidden tokens
        assert sample.legal_actions(0), f"Rng({k}): Caesar to act with hand {sample.hands[0]}"


def test_a_sample_keeps_a_taken_centurion_out_of_the_bag() -> None:
    st = ludi.new_match("caesar", players=2, seed=1, options={"centurions": True})
    moves = (
        "0:sword3/3@b03 1:shield4/2@b30>SY 0:sword4/2@b11>NU 1:sword3/3@b14 0:ship5/1@b13>SC "
        "1:ship3/3@b10 0:laurel2/2@b04 1:ship4/2@b02>MT 0:shield4/2@b16>IT 1:sword4/2@b12>IT "
        "0:sword6/0@b29>AG 0:discard:wealth 1:sword5/1@b09>GC 0:laurel3/1@b17>DM "
        "1:sword6/0@b21>MD 0:sword5/1@b25>AG 1:laurel3/1@b06>SD 1:might:b11 0:laurel4/0@b15>IT "
        "1:shield6/0@b18>DM 1:discard:wealth 0:ship4/2@b19>AF 1:laurel4/0@b07>SD "
        "1:discard:wealth 0:shield3/3@b27 1:shield5/1@b20>CY 1:centurion:3/3 "
        "0:shield5/1@b24>CY 0:centurion:4/4"
    )
    for move in moves.split():
        seat, text = move.split(":", 1)
        st.apply(int(seat), text)
    centurion = st.data.kind_by_label["centurion4/4"]
    assert centurion in st.hands[0]  # Caesar took it in the open (the log names it)
    for k in range(20):
        sample = st.sample_hidden(1, Rng(k))
        assert centurion not in sample.bags[0], f"Rng({k}): the centurion went into the bag"
