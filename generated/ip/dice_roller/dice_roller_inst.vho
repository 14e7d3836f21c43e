-- dice_roller: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/dice_roller.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- two fair dice by rejection from xorshift128 words, entropy mixing, on request.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.dice_roller).

-- COMPONENT
component dice_roller is
    port (
        clk: in std_logic;
        rst: in std_logic;
        seed: in std_logic_vector(127 downto 0);
        seed_load: in std_logic;
        entropy: in std_logic_vector(31 downto 0);
        entropy_valid: in std_logic;
        request: in std_logic;
        dice_data: out std_logic_vector(5 downto 0);
        dice_valid: out std_logic;
        dice_ready: in std_logic
    );
end component;

signal dice_roller_clk: std_logic;
signal dice_roller_rst: std_logic;
signal dice_roller_seed: std_logic_vector(127 downto 0);
signal dice_roller_seed_load: std_logic;
signal dice_roller_entropy: std_logic_vector(31 downto 0);
signal dice_roller_entropy_valid: std_logic;
signal dice_roller_request: std_logic;
signal dice_roller_dice_data: std_logic_vector(5 downto 0);
signal dice_roller_dice_valid: std_logic;
signal dice_roller_dice_ready: std_logic;

-- INSTANCE
dice_roller_0: dice_roller
    port map (
        clk           => dice_roller_clk,
        rst           => dice_roller_rst,
        seed          => dice_roller_seed,
        seed_load     => dice_roller_seed_load,
        entropy       => dice_roller_entropy,
        entropy_valid => dice_roller_entropy_valid,
        request       => dice_roller_request,
        dice_data     => dice_roller_dice_data,
        dice_valid    => dice_roller_dice_valid,
        dice_ready    => dice_roller_dice_ready
    );
