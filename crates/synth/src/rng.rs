//! SplitMix64 and integer-only sampling, so that the corpus is byte-identical on every platform
//! and Rust version (no float libm calls, no external crate whose stream may change).

/// Golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) struct Rng(u64);

impl Rng {
    /// The stream of caption `i`: a function of (seed, i) only, so captions can be generated in
    /// any order, in parallel, or resumed at any index.
    pub(crate) fn for_item(seed: u64, i: u64) -> Self {
        Rng(mix(mix(seed ^ GAMMA) ^ i.wrapping_mul(GAMMA)))
    }

    /// A stream for a fixed key (recurring photographers), independent of the caption index.
    pub(crate) fn keyed(seed: u64, key: u64) -> Self {
        Rng(mix(seed.wrapping_add(mix(key ^ 0x5EED))))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift: no division, negligible bias.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    pub(crate) fn range(&mut self, lo: u64, hi_incl: u64) -> u64 {
        lo + self.below((hi_incl - lo + 1) as usize) as u64
    }

    /// True with probability `percent`/100.
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent as usize
    }

    /// Log-uniform in `0..n`: rank r has probability ~1/r, like word and place frequencies.
    pub(crate) fn zipf(&mut self, n: usize) -> usize {
        let bits = usize::BITS - n.leading_zeros();
        let k = self.below(bits as usize + 1);
        self.below(n.min(1 << k))
    }

    /// Half uniform, half Zipf: early items are common, yet every item turns up.
    pub(crate) fn skewed(&mut self, n: usize) -> usize {
        if self.next() & 1 == 0 {
            self.below(n)
        } else {
            self.zipf(n)
        }
    }

    /// Index into `weights` with probability proportional to its weight.
    pub(crate) fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut x = self.below(total as usize) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}
