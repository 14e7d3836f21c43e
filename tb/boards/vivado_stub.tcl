# A stand-in for Vivado's Tcl commands, so tclsh can run a build script or an XDC file and
# show what Vivado would be asked to do (there is no Vivado here). Each Vivado command prints
# "CALL <name>" and then one line "ARG <value>" per argument; get_ports also prints
# "PORT <name>". Nothing is built, and `file mkdir` only reports the folder.
#   tclsh vivado_stub.tcl SCRIPT [ARGS...]

proc call {name arguments} {
    puts "CALL $name"
    foreach a $arguments { puts "ARG $a" }
}
foreach command {create_project read_verilog read_vhdl read_xdc synth_design opt_design
                 place_design route_design report_utilization report_timing_summary
                 write_bitstream set_property create_clock get_timing_paths} {
    proc $command {args} "call $command \$args; return $command"
}
proc get_ports {name} { puts "PORT $name"; return "port:$name" }
proc current_design {} { return design }
proc get_property {name object} { call get_property [list $name $object]; return 1.0 }

rename file tcl_file
proc file {sub args} {
    if {$sub eq "mkdir"} { puts "MKDIR [lindex $args 0]"; return }
    return [tcl_file $sub {*}$args]
}

set script [lindex $argv 0]
set argv [lrange $argv 1 end]
set argc [llength $argv]
source $script
