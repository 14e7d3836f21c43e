"""Every block's hand-off files (generated/ip/<block>/, pokerhdl.flow.ipfiles) are fresh and
usable: the instantiation templates compile around the block (Icarus, GHDL), each IP-XACT
component.xml is valid against our schema of 1685-2009's part it uses and describes the block
as its VHDL entity declares it (a second source), FuseSoC lists every core and lints a block
through one."""

import os
import re
import shutil
import subprocess
import sys

import pytest
from lxml import etree

from harness import ROOT
from pokerhdl.flow import ipfiles
from pokerhdl.flow.blocks import BLOCKS, block
from pokerhdl.flow.generate import IP, ip_params
from pokerhdl.flow.ipxact import SPIRIT
from pokerhdl.flow.manifest import Manifest

GENERATED = ROOT / "generated"
SCHEMA = ROOT / "tb" / "flow" / "ipxact" / "component.xsd"
NS = {"spirit": SPIRIT}


def test_hand_off_files_are_fresh():
    """What generate.write_ip would write is on disk, and the manifest says so."""
    manifest = Manifest(GENERATED)
    for name in BLOCKS:
        assert manifest.why_stale(name, IP, ip_params(name, GENERATED)) is None, name
        for rel, text in ipfiles.files_of(name).items():
            assert (GENERATED / rel).read_text() == text, f"{rel} is stale: run `make`"
    assert (GENERATED / ipfiles.CATALOG_TCL).read_text() == ipfiles.catalog_tcl()


def verilog_wrapper(name):
    """A module holding the block's template as a user pastes it."""
    template = (GENERATED / "ip" / name / f"{name}_inst.v").read_text()
    return f"`timescale 1ns/1ps\nmodule wrap_{name};\n{template}endmodule\n"


def icarus_problems(name, text, tmp_path):
    wrapper = tmp_path / "wrap.v"
    wrapper.write_text(text)
    done = subprocess.run(["iverilog", "-Wall", "-o", str(tmp_path / "a.out"), "-s",
                           f"wrap_{name}", str(GENERATED / "verilog" / f"{name}.v"),
                           str(wrapper)], capture_output=True, text=True)
    # a port of the wrong width is only a warning to Icarus
    return [line for line in done.stderr.splitlines() if "wrap.v" in line or "rror" in line] \
        + [f"exit {done.returncode}"] * bool(done.returncode)


@pytest.mark.verilog
@pytest.mark.parametrize("name", BLOCKS)
def test_verilog_template_compiles_around_the_block(name, tmp_path):
    problems = icarus_problems(name, verilog_wrapper(name), tmp_path)
    assert not problems, "\n".join(problems)


def vhdl_wrapper(name):
    template = (GENERATED / "ip" / name / f"{name}_inst.vho").read_text()
    declarations = template.split("\n-- COMPONENT\n", 1)[1].split("\n-- INSTANCE\n", 1)[0]
    instance = template.split("\n-- INSTANCE\n", 1)[1]
    return (f"library ieee;\nuse ieee.std_logic_1164.all;\nentity wrap_{name} is\nend entity;\n"
            f"architecture template of wrap_{name} is\n{declarations}begin\n{instance}"
            f"end architecture;\n")


@pytest.mark.vhdl
@pytest.mark.parametrize("name", BLOCKS)
def test_vhdl_template_compiles_around_the_block(name, tmp_path):
    wrapper = tmp_path / "wrap.vhd"
    wrapper.write_text(vhdl_wrapper(name))
    files = [GENERATED / "vhdl" / "pck_myhdl_011.vhd", GENERATED / "vhdl" / f"{name}.vhd",
             wrapper]
    for step in (["-a", *map(str, files)], ["-e", f"wrap_{name}"]):
        done = subprocess.run(["ghdl", step[0], "--std=08", f"--workdir={tmp_path}",
                               *step[1:]], capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr


def test_a_wrong_template_fails_to_compile(tmp_path):
    """The compile checks can fail: a net too narrow in Verilog, a port renamed in VHDL."""
    narrow = verilog_wrapper("eval7").replace("wire [23:0] eval7_word", "wire [22:0] eval7_word")
    assert icarus_problems("eval7", narrow, tmp_path)
    text = vhdl_wrapper("eval7").replace("in_valid  =>", "in_valid2 =>")
    (tmp_path / "wrap.vhd").write_text(text)
    files = [GENERATED / "vhdl" / "pck_myhdl_011.vhd", GENERATED / "vhdl" / "eval7.vhd"]
    subprocess.run(["ghdl", "-a", "--std=08", f"--workdir={tmp_path}", *map(str, files)],
                   check=True, cwd=tmp_path)
    done = subprocess.run(["ghdl", "-a", "--std=08", f"--workdir={tmp_path}", "wrap.vhd"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode != 0


# ------------------------------------------------------------------ IP-XACT

def components():
    return [GENERATED / "ip" / name / "component.xml" for name in BLOCKS]


def test_components_are_valid_ip_xact():
    import xmlschema
    schemas = [xmlschema.XMLSchema(str(SCHEMA))]
    if os.environ.get("IPXACT_SCHEMA"):          # Accellera's index.xsd, where one has it
        schemas.append(xmlschema.XMLSchema(os.environ["IPXACT_SCHEMA"]))
    for schema in schemas:
        for path in components():
            errors = list(schema.iter_errors(str(path)))
            assert not errors, f"{path.relative_to(ROOT)}: {errors[0]}"


def test_the_schema_refuses_a_wrong_component():
    import xmlschema
    schema = xmlschema.XMLSchema(str(SCHEMA))
    text = (GENERATED / "ip" / "eval7" / "component.xml").read_text()
    swapped = text.replace("<spirit:library>blocks</spirit:library>", "").replace(
        "<spirit:version>", "<spirit:library>blocks</spirit:library><spirit:version>", 1)
    assert not schema.is_valid(swapped.replace("<spirit:direction>in<", "<spirit:direction>input<"))
    assert not schema.is_valid(text.replace("<spirit:vendor>pokerhdl</spirit:vendor>", ""))


def entity_ports(name):
    """{port: (direction, width)} from the block's VHDL entity: a source besides the Verilog
    the component was made from."""
    text = (GENERATED / "vhdl" / f"{name}.vhd").read_text()
    clause = re.search(rf"entity {name} is\s*port \((.*?)\n\s*\);", text, re.S).group(1)
    found = {}
    for port, direction, kind in re.findall(r"(\w+): (in|out) ([^;\n]+)", clause):
        vector = re.search(r"\((\d+) downto 0\)", kind)
        found[port] = (direction, int(vector.group(1)) + 1 if vector else 1)
    return found


@pytest.mark.parametrize("name", BLOCKS)
def test_component_describes_its_block(name):
    path = GENERATED / "ip" / name / "component.xml"
    root = etree.parse(str(path)).getroot()
    assert root.findtext("spirit:name", namespaces=NS) == name
    ports = {}
    for port in root.iterfind(".//spirit:model/spirit:ports/spirit:port", NS):
        left = port.findtext("spirit:wire/spirit:vector/spirit:left", namespaces=NS)
        ports[port.findtext("spirit:name", namespaces=NS)] = (
            port.findtext("spirit:wire/spirit:direction", namespaces=NS),
            int(left) + 1 if left is not None else 1)
    assert ports == entity_ports(name)
    for file in root.iterfind(".//spirit:file/spirit:name", NS):
        assert (path.parent / file.text).resolve().exists(), file.text
    streams = {p[:6].upper() for p in ports if re.match(r"[sm]_axis_", p)}
    interfaces = {}
    for bus in root.iterfind(".//spirit:busInterface", NS):
        physical = [p.text for p in bus.iterfind(".//spirit:physicalPort/spirit:name", NS)]
        assert set(physical) <= set(ports), physical
        interfaces[bus.findtext("spirit:name", namespaces=NS)] = bus
    assert streams == {n for n in interfaces if n.endswith("AXIS")}
    for stream in streams:
        kind = interfaces[stream].find("spirit:busType", NS).get(f"{{{SPIRIT}}}name")
        mode = "slave" if stream.startswith("S") else "master"
        assert kind == "axis" and interfaces[stream].find(f"spirit:{mode}", NS) is not None


# ------------------------------------------------------------------ FuseSoC

def fusesoc(*args, cwd):
    exe = shutil.which("fusesoc") or os.path.join(os.path.dirname(sys.executable), "fusesoc")
    return subprocess.run([exe, "--cores-root", str(GENERATED / "ip"), *args],
                          capture_output=True, text=True, cwd=cwd,
                          env=dict(os.environ, XDG_CONFIG_HOME=str(cwd),
                                   XDG_DATA_HOME=str(cwd), XDG_CACHE_HOME=str(cwd)))


def test_fusesoc_lists_every_core(tmp_path):
    done = fusesoc("core", "list", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    listed = set(re.findall(r"pokerhdl:blocks:(\w+):", done.stdout))
    assert listed == set(BLOCKS), sorted(set(BLOCKS) ^ listed)


@pytest.mark.verilog
def test_fusesoc_lints_a_block(tmp_path):
    done = fusesoc("run", "--build-root", str(tmp_path / "build"), "--target", "lint",
                   f"pokerhdl:blocks:shuffler", cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "verilator" in (done.stdout + done.stderr).lower()
