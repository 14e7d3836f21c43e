// vga_timing: instantiation template (pokerhdl 0.1.0; generated, do not edit).
// The block: generated/verilog/vga_timing.v. VGA 640x480 at 60 Hz timing: pixel enable, counters, negative syncs, blanking.
// Copy the declarations and the instance into your module; rename the nets.

wire vga_timing_clk;
wire vga_timing_rst;
wire vga_timing_pixel_en;
wire [9:0] vga_timing_x;
wire [9:0] vga_timing_y;
wire vga_timing_active;
wire vga_timing_hsync;
wire vga_timing_vsync;
wire vga_timing_frame_start;

vga_timing vga_timing_0 (
    .clk         (vga_timing_clk),  // in: the clock: every register is clocked on its rising edge
    .rst         (vga_timing_rst),  // in: synchronous reset, active high
    .pixel_en    (vga_timing_pixel_en),  // out: one clock per pixel period
    .x           (vga_timing_x),  // out [10]: x[10], y[10]: the pixel's counter position (visible when x < h.visible
    .y           (vga_timing_y),  // out [10]: x[10], y[10]: the pixel's counter position (visible when x < h.visible
    .active      (vga_timing_active),  // out: in the visible area
    .hsync       (vga_timing_hsync),  // out: hsync, vsync: the pins' levels (negative: 0 in the pulse)
    .vsync       (vga_timing_vsync),  // out: hsync, vsync: the pins' levels (negative: 0 in the pulse)
    .frame_start (vga_timing_frame_start)   // out: pixel_en of (0, 0). ``h``, ``v``: (visible, front, sync, back) of each
);
