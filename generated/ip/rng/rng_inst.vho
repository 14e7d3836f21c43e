-- rng: instantiation template (pokerhdl 0.1.0; generated, do not edit).
-- The block: generated/vhdl/rng.vhd with generated/vhdl/pck_myhdl_011.vhd.
-- xorshift128 random words on demand, 128-bit seed load, entropy mixing.
-- The lines after the COMPONENT mark go among your architecture's declarations,
-- those after the INSTANCE mark into its body (or use entity work.rng).

-- COMPONENT
component rng is
    port (
        clk: in std_logic;
        rst: in std_logic;
        seed: in std_logic_vector(127 downto 0);
        seed_load: in std_logic;
        entropy: in std_logic_vector(31 downto 0);
        entropy_valid: in std_logic;
        advance: in std_logic;
        word: out std_logic_vector(31 downto 0)
    );
end component;

signal rng_clk: std_logic;
signal rng_rst: std_logic;
signal rng_seed: std_logic_vector(127 downto 0);
signal rng_seed_load: std_logic;
signal rng_entropy: std_logic_vector(31 downto 0);
signal rng_entropy_valid: std_logic;
signal rng_advance: std_logic;
signal rng_word: std_logic_vector(31 downto 0);

-- INSTANCE
rng_0: rng
    port map (
        clk           => rng_clk,
        rst           => rng_rst,
        seed          => rng_seed,
        seed_load     => rng_seed_load,
        entropy       => rng_entropy,
        entropy_valid => rng_entropy_valid,
        advance       => rng_advance,
        word          => rng_word
    );
