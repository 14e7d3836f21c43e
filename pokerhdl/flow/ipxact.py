"""A block's IP-XACT component (IEEE 1685-2009, the SPIRIT schema Vivado's IP packager writes
and its IP catalog reads), with the Xilinx vendor extensions the catalog wants: the files (both
languages, as synthesis and simulation views), the ports, the clock and reset interfaces and
an AXI4-Stream interface for each s_axis_*/m_axis_* group of ports, and the elaboration
parameters (fixed: the HDL has no generics; other values are another conversion).
"""

import xml.etree.ElementTree as ET

SPIRIT = "http://www.spiritconsortium.org/XMLSchema/SPIRIT/1685-2009"
XILINX = "http://www.xilinx.com"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA = f"{SPIRIT} http://www.spiritconsortium.org/XMLSchema/SPIRIT/1685-2009/index.xsd"
VENDOR, LIBRARY = "pokerhdl", "blocks"
# the families the catalog offers the blocks to (any 7-series and later part)
FAMILIES = ("artix7", "kintex7", "virtex7", "zynq", "spartan7", "kintexu", "virtexu",
            "zynquplus", "kintexuplus", "virtexuplus", "artixuplus")
VIEWS = (("xilinx_verilogsynthesis", "Verilog Synthesis", ":vivado.xilinx.com:synthesis",
          "Verilog", "verilog"),
         ("xilinx_verilogbehavioralsimulation", "Verilog Simulation",
          ":vivado.xilinx.com:simulation", "Verilog", "verilog"),
         ("xilinx_vhdlsynthesis", "VHDL Synthesis", ":vivado.xilinx.com:synthesis", "VHDL",
          "vhdl"),
         ("xilinx_vhdlbehavioralsimulation", "VHDL Simulation", ":vivado.xilinx.com:simulation",
          "VHDL", "vhdl"))

ET.register_namespace("spirit", SPIRIT)
ET.register_namespace("xilinx", XILINX)
ET.register_namespace("xsi", XSI)


def s(tag):
    return f"{{{SPIRIT}}}{tag}"


def x(tag):
    return f"{{{XILINX}}}{tag}"


def add(parent, tag, text=None, **attrs):
    node = ET.SubElement(parent, tag, {k if k.startswith("{") else s(k): str(v)
                                       for k, v in attrs.items()})
    if text is not None:
        node.text = str(text)
    return node


def parameter(parent, name, value, pid, resolve="immediate", description=None):
    p = add(parent, s("parameter"))
    add(p, s("name"), name)
    if description:
        add(p, s("description"), description)
    add(p, s("value"), value, resolve=resolve, id=pid)


def bus_interface(parent, name, bus, abstraction, mode, maps, params=()):
    """A busInterface: ``bus``/``abstraction`` "vendor:library:name:version", ``mode``
    master/slave, ``maps`` [(logical, physical)], ``params`` [(name, value)]."""
    bi = add(parent, s("busInterface"))
    add(bi, s("name"), name)
    for tag, vlnv in (("busType", bus), ("abstractionType", abstraction)):
        v, lib, n, ver = vlnv.split(":")
        add(bi, s(tag), vendor=v, library=lib, name=n, version=ver)
    add(bi, s(mode))
    port_maps = add(bi, s("portMaps"))
    for logical, physical in maps:
        pm = add(port_maps, s("portMap"))
        add(add(pm, s("logicalPort")), s("name"), logical)
        add(add(pm, s("physicalPort")), s("name"), physical)
    if params:
        ps = add(bi, s("parameters"))
        for pname, value in params:
            parameter(ps, pname, value, f"BUSIFPARAM_VALUE.{name.upper()}.{pname}",
                      resolve="immediate")


def interfaces(parent, b):
    """The AXI4-Stream interfaces, then the clock and the reset that they belong to."""
    streams = sorted(b.axis.items())
    for bus, roles in streams:
        bus_interface(parent, bus.upper(), "xilinx.com:interface:axis:1.0",
                      "xilinx.com:interface:axis_rtl:1.0",
                      "slave" if bus.startswith("s_") else "master",
                      [(f"T{role.upper()}", p.name) for role, p in sorted(roles.items())])
    names = {p.name for p in b.ports}
    if "rst" in names:
        bus_interface(parent, "RST", "xilinx.com:signal:reset:1.0",
                      "xilinx.com:signal:reset_rtl:1.0", "slave", [("RST", "rst")],
                      [("POLARITY", "ACTIVE_HIGH")])
    if "clk" in names:
        params = [("ASSOCIATED_BUSIF", ":".join(bus.upper() for bus, _ in streams))] * bool(
            streams) + [("ASSOCIATED_RESET", "rst")] * ("rst" in names)
        bus_interface(parent, "CLK", "xilinx.com:signal:clock:1.0",
                      "xilinx.com:signal:clock_rtl:1.0", "slave", [("CLK", "clk")], params)


def files(b):
    fs_root = ET.Element(s("fileSets"))
    for view, _, _, language, hdl in VIEWS:
        fs = add(fs_root, s("fileSet"))
        add(fs, s("name"), f"{view}_view_fileset")
        paths = [(f"../../verilog/{b.name}.v", "verilogSource")] if hdl == "verilog" else \
            [("../../vhdl/pck_myhdl_011.vhd", "vhdlSource"),
             (f"../../vhdl/{b.name}.vhd", "vhdlSource")]
        for path, kind in paths:
            f = add(fs, s("file"))
            add(f, s("name"), path)
            add(f, s("fileType"), kind)
            if hdl == "vhdl":
                add(f, s("logicalName"), "work")
    return fs_root


def model(parent, b):
    m = add(parent, s("model"))
    views = add(m, s("views"))
    for view, display, env, language, _ in VIEWS:
        v = add(views, s("view"))
        add(v, s("name"), view)
        add(v, s("displayName"), display)
        add(v, s("envIdentifier"), env)
        add(v, s("language"), language)
        add(v, s("modelName"), b.name)
        add(add(v, s("fileSetRef")), s("localName"), f"{view}_view_fileset")
    ports = add(m, s("ports"))
    for p in b.ports:
        port = add(ports, s("port"))
        add(port, s("name"), p.name)
        if p.meaning:
            add(port, s("description"), p.meaning)
        wire = add(port, s("wire"))
        add(wire, s("direction"), p.direction)
        if p.vector:
            vec = add(wire, s("vector"))
            add(vec, s("left"), p.width - 1, format="long")
            add(vec, s("right"), 0, format="long")
        defs = add(wire, s("wireTypeDefs"))
        for type_name, hdl_views in (("wire", (0, 1)), ("std_logic_vector" if p.vector
                                                         else "std_logic", (2, 3))):
            d = add(defs, s("wireTypeDef"))
            add(d, s("typeName"), type_name)
            for k in hdl_views:
                add(d, s("viewNameRef"), VIEWS[k][0])


def component_xml(b, version):
    """The component.xml text of block ``b`` (a pokerhdl.flow.blocks.Block)."""
    root = ET.Element(s("component"), {f"{{{XSI}}}schemaLocation": SCHEMA})
    add(root, s("vendor"), VENDOR)
    add(root, s("library"), LIBRARY)
    add(root, s("name"), b.name)
    add(root, s("version"), version)
    if b.clocked or b.axis:
        interfaces(add(root, s("busInterfaces")), b)
    model(root, b)
    root.append(files(b))
    add(root, s("description"), f"{b.doc}. {b.summary}")
    params = add(root, s("parameters"))
    parameter(params, "Component_Name", f"{b.name}_0", "PARAM_VALUE.Component_Name", "user")
    for name, value in sorted(b.params.items()):
        parameter(params, name, "none" if value is None else value,
                  f"PARAM_VALUE.{name}", description="fixed at conversion: another value is "
                  "another conversion (python -m pokerhdl.flow.convert)")
    ext = add(add(root, s("vendorExtensions")), x("coreExtensions"))
    families = add(ext, x("supportedFamilies"))
    for family in FAMILIES:
        add(families, x("family"), family, **{x("lifeCycle"): "Production"})
    add(add(ext, x("taxonomies")), x("taxonomy"), "/UserIP")
    add(ext, x("displayName"), b.name)
    add(ext, x("coreRevision"), 1)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") \
        + "\n"
