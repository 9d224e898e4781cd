package dev.partitionscope.lab.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Both CloudWatch wire protocols on the Lab's port, byte-level: AWS JSON 1.0 as the AWS CLI v2 and boto3 send it
 * (a raw java.net.http client) and Smithy RPC v2 CBOR without the SDK — answers, timestamps, CloudWatch's error
 * shapes and headers, and well-formed errors for malformed bodies, after which the port keeps serving both
 * CloudWatch and DynamoDB.
 */
class CloudWatchWireTest {
    static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());
    private CwLab f;

    @BeforeEach
    void setUp() throws IOException {
        f = CwLab.started();
        f.at(0);
        f.puts("PENDING", 1500);
        f.at(1);
        f.puts("SHIPPED", 10);
        f.at(130);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    static JsonNode json(HttpResponse<byte[]> r) throws IOException {
        return CwLab.JSON.readTree(r.body());
    }

    HttpResponse<byte[]> cbor(String operation, Object request) throws IOException {
        return f.post(
                CloudWatchRoute.CBOR_PATH + operation,
                "application/cbor",
                CBOR.writeValueAsBytes(request),
                "smithy-protocol",
                "rpc-v2-cbor",
                "Accept",
                "application/cbor");
    }

    static String range(long from, long to) {
        return "\"StartTime\":" + CwLab.t(from) / 1000 + ",\"EndTime\":" + CwLab.t(to) / 1000;
    }

    @Test
    void json10AnswersWithEpochSecondsAndTheWorkloadsValues() throws IOException {
        HttpResponse<byte[]> r = f.json(
                "GetMetricData",
                "{\"MetricDataQueries\":["
                        + MetricsServiceTest.metricStat(
                                "w", "ConsumedWriteCapacityUnits", "Sum", 60, "TableName", "orders")
                        + ","
                        + MetricsServiceTest.metricStat("t", "WriteThrottleEvents", "Sum", 60, "TableName", "orders")
                        + "]," + range(0, 300) + "}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/x-amz-json-1.0");
        JsonNode body = json(r);
        JsonNode w = body.get("MetricDataResults").get(0);
        assertThat(w.get("Timestamps").get(0).isIntegralNumber()).isTrue();
        assertThat(w.get("Timestamps").get(0).asLong()).isEqualTo(CwLab.t(0) / 1000);
        assertThat(w.get("Values").get(0).asDouble()).isEqualTo(1010.0);
        assertThat(w.get("StatusCode").asText()).isEqualTo("Complete");
        assertThat(body.get("MetricDataResults").get(1).get("Values").get(0).asDouble())
                .isEqualTo(500.0);

        // Timestamps as ISO-8601 strings are read too.
        HttpResponse<byte[]> iso = f.json(
                "GetMetricStatistics",
                "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":"
                        + "\"ThrottledRequests\",\"Dimensions\":[{\"Name\":\"TableName\",\"Value\":\"orders\"},{\"Name\":"
                        + "\"Operation\",\"Value\":\"PutItem\"}],\"StartTime\":\"2026-06-22T01:00:00Z\",\"EndTime\":"
                        + "\"2026-06-22T01:05:00Z\",\"Period\":300,\"Statistics\":[\"Sum\"]}");
        assertThat(json(iso).at("/Datapoints/0/Sum").asDouble()).isEqualTo(500.0);
        assertThat(json(iso).at("/Datapoints/0/Timestamp").asLong()).isEqualTo(CwLab.t(0) / 1000);
    }

    @Test
    void json10InsightsDisabledThenEnabledThenTheHotKeyFirst() throws IOException {
        assertThat(json(f.json("DescribeInsightRules", "{}")).get("InsightRules"))
                .isEmpty();
        f.insights("ENABLE", null, null);
        f.at(185);
        f.puts("HOT", 30);
        f.puts("WARM", 10);
        f.at(300);
        List<String> names = new ArrayList<>();
        json(f.json("DescribeInsightRules", "{}"))
                .get("InsightRules")
                .forEach(n -> names.add(n.get("Name").asText()));
        assertThat(names).hasSize(4);
        JsonNode report = json(f.json(
                "GetInsightRuleReport",
                "{\"RuleName\":\"" + names.get(0) + "\"," + range(0, 300)
                        + ",\"Period\":60,\"MaxContributorCount\":25}"));
        assertThat(report.at("/Contributors/0/Keys/0").asText()).isEqualTo("HOT");
        assertThat(report.at("/Contributors/0/ApproximateAggregateValue").asDouble())
                .isEqualTo(90.0);
        assertThat(report.at("/Contributors/1/Keys/0").asText()).isEqualTo("WARM");
        assertThat(report.get("Contributors")).hasSize(2); // PENDING's writes came before enabling
        assertThat(report.at("/Contributors/0/Datapoints/0/Timestamp").asLong()).isEqualTo(CwLab.t(180) / 1000);

        HttpResponse<byte[]> tooMany = f.json(
                "GetInsightRuleReport",
                "{\"RuleName\":\"" + names.get(0) + "\"," + range(0, 300)
                        + ",\"Period\":60,\"MaxContributorCount\":26}");
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat(tooMany.headers().firstValue("x-amzn-query-error")).contains("InvalidParameterValue;Sender");
        assertThat(tooMany.headers().firstValue("Content-Type")).contains("application/x-amz-json-1.0");
        assertThat(json(tooMany).get("__type").asText())
                .isEqualTo("com.amazonaws.cloudwatch#InvalidParameterValueException");
        assertThat(json(tooMany).get("message").asText()).contains("MaxContributorCount");
    }

    @Test
    void json10ErrorsAreWellFormedAndThePortKeepsServing() throws IOException {
        assertJsonError(
                f.json("GetMetricData", "{\"MetricDataQueries\": [}"),
                400,
                "com.amazon.coral.service#SerializationException",
                "SerializationException;Sender");
        assertJsonError(
                f.json("GetMetricData", "[1, 2]"),
                400,
                "com.amazon.coral.service#SerializationException",
                "SerializationException;Sender");
        assertJsonError(
                f.json(
                        "GetMetricStatistics",
                        "{\"Namespace\":\"AWS/DynamoDB\",\"MetricName\":\"X\"," + range(0, 60)
                                + ",\"Period\": \"sixty\"}"),
                400,
                "com.amazon.coral.service#SerializationException",
                "SerializationException;Sender");
        assertJsonError(
                f.json("GetMetricData", "[".repeat(5000)),
                400,
                "com.amazon.coral.service#SerializationException",
                "SerializationException;Sender");
        assertJsonError(
                f.json("PutMetricAlarm", "{}"),
                400,
                "com.amazon.coral.service#UnknownOperationException",
                "UnknownOperationException;Sender");
        assertJsonError(
                f.json("GetInsightRuleReport", "{\"RuleName\":\"nope\"," + range(0, 60) + ",\"Period\":60}"),
                404,
                "com.amazonaws.cloudwatch#ResourceNotFoundException",
                "ResourceNotFoundException;Sender");
        assertJsonError(
                f.json("GetMetricStatistics", "{\"Namespace\":\"AWS/DynamoDB\"}"),
                400,
                "com.amazonaws.cloudwatch#MissingRequiredParameterException",
                "MissingParameter;Sender");
        assertJsonError(
                f.json("GetMetricData", "{\"MetricDataQueries\":[]," + range(0, 60) + ",\"NextToken\":" + "\"x\"}"),
                400,
                "com.amazonaws.cloudwatch#ValidationException",
                "ValidationError;Sender");

        assertThat(f.json("ListMetrics", "{}").statusCode()).isEqualTo(200);
        HttpResponse<byte[]> ddb = f.post(
                "/",
                "application/x-amz-json-1.0",
                "{}".getBytes(StandardCharsets.UTF_8),
                "X-Amz-Target",
                "DynamoDB_20120810.ListTables");
        assertThat(json(ddb).get("TableNames").get(0).asText()).isEqualTo("orders");
    }

    static void assertJsonError(HttpResponse<byte[]> r, int status, String type, String queryError) throws IOException {
        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(r.headers().firstValue("x-amzn-query-error")).contains(queryError);
        JsonNode body = json(r);
        assertThat(body.get("__type").asText()).isEqualTo(type);
        assertThat(body.get("message").asText()).isNotBlank();
    }

    @Test
    void cborAnswersCarryTag1TimestampsAndTheSmithyHeader() throws IOException {
        HttpResponse<byte[]> r = cbor(
                "GetMetricStatistics",
                CwLab.JSON.readTree("{\"Namespace\":\"AWS/DynamoDB\","
                        + "\"MetricName\":\"ConsumedWriteCapacityUnits\",\"Dimensions\":[{\"Name\":\"TableName\","
                        + "\"Value\":\"orders\"}]," + range(0, 300) + ",\"Period\":60,\"Statistics\":[\"Sum\"]}"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("smithy-protocol")).contains("rpc-v2-cbor");
        assertThat(r.headers().firstValue("Content-Type")).contains("application/cbor");
        assertThat(CloudWatchSdkTest.tagOf(r.body(), "Timestamp")).isEqualTo(1);
        JsonNode body = CBOR.readTree(r.body());
        assertThat(body.at("/Datapoints/0/Timestamp").asLong()).isEqualTo(CwLab.t(0) / 1000);
        assertThat(body.at("/Datapoints/0/Sum").asDouble()).isEqualTo(1010.0);

        HttpResponse<byte[]> empty = f.post(
                CloudWatchRoute.CBOR_PATH + "DescribeInsightRules",
                "application/cbor",
                new byte[0],
                "smithy-protocol",
                "rpc-v2-cbor");
        assertThat(empty.statusCode()).isEqualTo(200);
        assertThat(CBOR.readTree(empty.body()).get("InsightRules")).isEmpty();
    }

    @Test
    void malformedCborGetsACborSerializationErrorAndThePortKeepsServing() throws IOException {
        byte[][] bodies = {
            {(byte) 0xbf, 0x61}, // a map cut short
            {(byte) 0xff, (byte) 0xfe, 0x00},
            {(byte) 0x82, 0x01, 0x02}, // an array, not a map
            "not cbor at all".getBytes(StandardCharsets.UTF_8),
        };
        for (byte[] body : bodies) {
            HttpResponse<byte[]> r = f.post(
                    CloudWatchRoute.CBOR_PATH + "GetMetricData",
                    "application/cbor",
                    body,
                    "smithy-protocol",
                    "rpc-v2-cbor");
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.headers().firstValue("smithy-protocol")).contains("rpc-v2-cbor");
            assertThat(r.headers().firstValue("x-amzn-query-error")).contains("SerializationException;Sender");
            JsonNode error = CBOR.readTree(r.body());
            assertThat(error.get("__type").asText()).isEqualTo("com.amazon.coral.service#SerializationException");
            assertThat(error.get("message").asText()).isNotBlank();
        }
        HttpResponse<byte[]> unknown = cbor("DeleteAlarms", CwLab.JSON.createObjectNode());
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(CBOR.readTree(unknown.body()).get("__type").asText())
                .isEqualTo("com.amazon.coral.service#UnknownOperationException");
        HttpResponse<byte[]> ok = cbor("ListMetrics", CwLab.JSON.createObjectNode());
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(CBOR.readTree(ok.body()).get("Metrics").size()).isGreaterThan(5);
    }
}
