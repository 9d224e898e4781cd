package dev.partitionscope.core.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Murmur3Test {

    @Test
    void hash64IsTheFirstHalfOfMurmur3X64_128() {
        // Guava's Hashing.murmur3_128().hashString(s, UTF_8).asLong(), which is mmh3.hash64(s)[0]: every tail
        // length (0, 1, 3, 5, 13 bytes), exactly one block, a block plus one, long keys and multi-byte UTF-8.
        assertThat(Murmur3.hash64("")).isZero();
        assertThat(Murmur3.hash64("a")).isEqualTo(-8_839_064_797_231_613_815L);
        assertThat(Murmur3.hash64("foo")).isEqualTo(-2_129_773_440_516_405_919L);
        assertThat(Murmur3.hash64("hello")).isEqualTo(-3_758_069_500_696_749_310L);
        assertThat(Murmur3.hash64("hello, world!")).isEqualTo(-5_307_364_510_503_470_246L);
        assertThat(Murmur3.hash64("0123456789abcdef")).isEqualTo(5_467_490_433_528_156_583L);
        assertThat(Murmur3.hash64("0123456789abcdefX")).isEqualTo(-3_608_559_037_187_041_545L);
        assertThat(Murmur3.hash64("ORDER#3f2a9c1e-1234-4d5e-8f90-abcdefabcdef")).isEqualTo(-9_215_542_494_197_709_811L);
        assertThat(Murmur3.hash64("ünïcødé 🎉")).isEqualTo(2_501_988_105_061_692_036L);
    }
}
