package dev.partitionscope.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.partitionscope.testing.LabFixture;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * The control-plane operations beside tables, through the real SDK: tags (up to 50, on tables by ARN), Time to Live
 * settings, DescribeLimits, DescribeEndpoints (the Lab's own address) and continuous backups (state only).
 */
class ControlPlaneSdkTest {
    private static LabFixture lab;
    private static DynamoDbClient db;
    private static String arn;

    @BeforeAll
    static void start() {
        lab = LabFixture.start();
        db = lab.client();
        arn = db.createTable(b -> b.tableName("control")
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(Av.attr("pk", ScalarAttributeType.S))
                        .keySchema(Av.hash("pk"))
                        .tags(Tag.builder().key("team").value("orders").build()))
                .tableDescription()
                .tableArn();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void tagsAreSetListedAndRemovedUpToFiftyPerTable() {
        assertThat(db.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .containsExactly(Tag.builder().key("team").value("orders").build());
        db.tagResource(b -> b.resourceArn(arn)
                .tags(
                        Tag.builder().key("env").value("lab").build(),
                        Tag.builder().key("team").value("payments").build()));
        assertThat(db.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .extracting(t -> t.key() + "=" + t.value())
                .containsExactly("team=payments", "env=lab");
        db.untagResource(b -> b.resourceArn(arn).tagKeys("env", "absent"));
        assertThat(db.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .extracting(Tag::key)
                .containsExactly("team");

        List<Tag> many = IntStream.range(0, 50)
                .mapToObj(i -> Tag.builder().key("k" + i).value("v").build())
                .toList();
        assertThatThrownBy(() -> db.tagResource(b -> b.resourceArn(arn).tags(many)))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("cannot exceed 50");
        assertThat(db.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .as("a refused call changes nothing")
                .hasSize(1);
        assertThatThrownBy(() -> db.listTagsOfResource(b -> b.resourceArn(arn.replace("control", "nothing"))))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("table/nothing not found");
        assertThatThrownBy(() -> db.tagResource(b -> b.resourceArn("not-an-arn").tags(many.get(0))))
                .isInstanceOfSatisfying(
                        DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException"));
    }

    @Test
    void timeToLiveIsEnabledAndDescribed() {
        assertThat(db.describeTimeToLive(b -> b.tableName("control"))
                        .timeToLiveDescription()
                        .timeToLiveStatus())
                .isEqualTo(TimeToLiveStatus.DISABLED);
        assertThat(db.updateTimeToLive(
                                b -> b.tableName("control").timeToLiveSpecification(s -> s.attributeName("expires")
                                        .enabled(true)))
                        .timeToLiveSpecification()
                        .attributeName())
                .isEqualTo("expires");
        var d = db.describeTimeToLive(b -> b.tableName("control")).timeToLiveDescription();
        assertThat(d.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
        assertThat(d.attributeName()).isEqualTo("expires");
        assertThatThrownBy(() -> db.updateTimeToLive(b -> b.tableName("control")
                        .timeToLiveSpecification(s -> s.attributeName("expires").enabled(true))))
                .hasMessageContaining("TimeToLive is already enabled");
    }

    @Test
    void limitsEndpointsAndContinuousBackupsAnswerAsDynamoDbDoes() {
        var limits = db.describeLimits();
        assertThat(limits.tableMaxWriteCapacityUnits()).isEqualTo(40_000L);
        assertThat(limits.accountMaxReadCapacityUnits()).isEqualTo(80_000L);
        assertThat(db.describeEndpoints().endpoints()).singleElement().satisfies(e -> {
            assertThat(e.address()).isEqualTo(lab.endpoint().replace("http://", ""));
            assertThat(e.cachePeriodInMinutes()).isEqualTo(1440L);
        });

        var off = db.describeContinuousBackups(b -> b.tableName("control")).continuousBackupsDescription();
        assertThat(off.continuousBackupsStatus()).isEqualTo(ContinuousBackupsStatus.ENABLED);
        assertThat(off.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus())
                .isEqualTo(PointInTimeRecoveryStatus.DISABLED);
        var on = db.updateContinuousBackups(b -> b.tableName("control")
                        .pointInTimeRecoverySpecification(
                                p -> p.pointInTimeRecoveryEnabled(true).recoveryPeriodInDays(7)))
                .continuousBackupsDescription()
                .pointInTimeRecoveryDescription();
        assertThat(on.pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.ENABLED);
        assertThat(on.recoveryPeriodInDays()).isEqualTo(7);
        assertThat(on.earliestRestorableDateTime()).isNotNull();
        assertThatThrownBy(() -> db.updateContinuousBackups(b -> b.tableName("control")
                        .pointInTimeRecoverySpecification(
                                p -> p.pointInTimeRecoveryEnabled(true).recoveryPeriodInDays(36))))
                .hasMessageContaining("Member must have value less than or equal to 35");
    }
}
