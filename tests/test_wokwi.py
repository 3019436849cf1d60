"""The Wokwi diagram (boards/pico_ssd1306/diagram.json) wires what the Pico board file expects.

Part types and pin names are Wokwi's documented ones (docs.wokwi.com parts
reference: wokwi-pi-pico, board-ssd1306, wokwi-pushbutton); the pins and the
address come from the board file's constants, read without importing it (it
imports ``machine``).
"""
import ast
import json
import os

import keys
from helpers import ROOT

BOARD_DIR = os.path.join(ROOT, "boards", "pico_ssd1306")

PICO_PINS = ({"GP%d" % n for n in list(range(23)) + [26, 27, 28]} | {"GND.%d" % n for n in range(1, 9)}
             | {"3V3", "3V3_EN", "VSYS", "VBUS", "RUN", "ADC_VREF"})
PART_PINS = {
    "wokwi-pi-pico": PICO_PINS,
    "board-ssd1306": {"GND", "VCC", "SCL", "SDA"},
    "wokwi-pushbutton": {"1.l", "1.r", "2.l", "2.r"},
}
# Pins tied together inside a part: the two sides of each pushbutton contact.
INTERNAL = {"wokwi-pushbutton": (("1.l", "1.r"), ("2.l", "2.r"))}
# RP2040 datasheet, GPIO functions: I2C0 SDA on GP0/4/8/12/16/20, SCL on GP1/5/9/13/17/21.
I2C0_SDA = {0, 4, 8, 12, 16, 20}
I2C0_SCL = {1, 5, 9, 13, 17, 21}


def board_constants():
    """The module-level constants of the Pico board file; ``keys.X`` read as keys' values."""
    with open(os.path.join(BOARD_DIR, "board.py")) as f:
        tree = ast.parse(f.read())

    def value(node):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "keys":
            return getattr(keys, node.attr)
        if isinstance(node, ast.Tuple):
            return tuple(value(e) for e in node.elts)
        return ast.literal_eval(node)

    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = value(node.value)
            except ValueError:
                pass  # not a constant
    return out


def diagram():
    with open(os.path.join(BOARD_DIR, "diagram.json")) as f:
        return json.load(f)


def nets(d):
    """{part:pin: set of every part:pin connected to it} (wires plus parts' internal links)."""
    parent = {}

    def find(a):
        parent.setdefault(a, a)
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(a, b):
        parent[find(a)] = find(b)

    for c in d["connections"]:
        join(c[0], c[1])
    for p in d["parts"]:
        for a, b in INTERNAL.get(p["type"], ()):
            join(p["id"] + ":" + a, p["id"] + ":" + b)
    groups = {}
    for a in list(parent):
        groups.setdefault(find(a), set()).add(a)
    return {a: groups[find(a)] for a in parent}


def test_parts_and_pin_names_are_wokwis():
    d = diagram()
    types = {p["id"]: p["type"] for p in d["parts"]}
    assert sorted(types.values()).count("wokwi-pi-pico") == 1
    assert sorted(types.values()).count("board-ssd1306") == 1
    assert sorted(types.values()).count("wokwi-pushbutton") == 6
    for c in d["connections"]:
        assert len(c) == 4, c  # [from, to, colour, route]
        for end in c[:2]:
            part, pin = end.split(":")
            assert part in types, "no part %s" % part
            assert pin in PART_PINS[types[part]], "%s has no pin %s" % (types[part], pin)


def test_display_wiring_matches_the_board_file():
    k = board_constants()
    d = diagram()
    net = nets(d)
    oled = [p for p in d["parts"] if p["type"] == "board-ssd1306"][0]
    assert int(oled["attrs"].get("i2cAddress", "0x3c"), 16) == k["ADDRESSES"][0]
    assert k["I2C_ID"] == 0 and k["SDA"] in I2C0_SDA and k["SCL"] in I2C0_SCL
    assert "pico:GP%d" % k["SDA"] in net["oled:SDA"]
    assert "pico:GP%d" % k["SCL"] in net["oled:SCL"]
    assert "pico:3V3" in net["oled:VCC"]
    assert any(x.startswith("pico:GND.") for x in net["oled:GND"])
    assert not any(x.startswith("pico:GND") or x == "pico:3V3" for x in net["oled:SDA"] | net["oled:SCL"])


def test_each_button_joins_its_pin_to_ground_when_pressed():
    k = board_constants()
    d = diagram()
    net = nets(d)
    buttons = {p["id"]: p for p in d["parts"] if p["type"] == "wokwi-pushbutton"}
    assert len(k["BUTTONS"]) == 6
    seen = set()
    for key, gp in k["BUTTONS"]:
        pin = "pico:GP%d" % gp
        found = [b for b in buttons if pin in net.get(b + ":1.l", ())]
        assert len(found) == 1, "one button on GP%d" % gp
        b = found[0]
        assert any(x.startswith("pico:GND.") for x in net[b + ":2.l"]), "%s: contact 2 not on GND" % b
        assert not any(x.startswith("pico:GP") for x in net[b + ":2.l"]), "%s: contact 2 on a GPIO" % b
        assert buttons[b]["attrs"].get("label") == keys.NAMES[key]
        seen.add(b)
    assert seen == set(buttons)


def test_wokwi_toml_points_at_the_diagrams_folder():
    with open(os.path.join(BOARD_DIR, "wokwi.toml")) as f:
        text = f.read()
    assert "[wokwi]" in text and "version = 1" in text
    assert "firmware = 'micropython.uf2'" in text
