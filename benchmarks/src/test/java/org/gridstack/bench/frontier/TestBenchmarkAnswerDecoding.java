package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the JMH benchmark's body once per encoding: the answer must decode in full to the T_STRING
 * row stream. (Its registration by the JMH annotation processor is checked in
 * {@code TestBenchmarkRowStreamEncoding}.)
 */
class TestBenchmarkAnswerDecoding {
    @ParameterizedTest
    @ValueSource(strings = {"zip0", "zip5"})
    void decodesTheWholeAnswer(String encoding) throws Exception {
        BenchmarkAnswerDecoding bench = new BenchmarkAnswerDecoding();
        bench.encoding = encoding;
        bench.setUp();
        try {
            assertEquals(1_060_024, bench.decodeAnswer(), "full_size of the T_STRING answer");
            assertEquals(1_060_024, bench.decodeAnswer(), "again, with the decoder's buffers reused");
            assertEquals(2, bench.decodedAnswers(), "decoded in full, not compared");
        } finally {
            bench.tearDown();
        }
    }
}
