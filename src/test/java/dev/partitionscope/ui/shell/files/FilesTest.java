package dev.partitionscope.ui.shell.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.snapshot.Snapshot;
import dev.partitionscope.config.Settings;
import dev.partitionscope.core.heat.HeatZoom;
import dev.partitionscope.core.heat.RowKey;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.lab.Lab;
import dev.partitionscope.lab.recording.Recording;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file plumbing without a window: a view survives the trip through a file (and a later version's extra fields),
 * a recording keeps its view while files without one still open, files are told by their content, and the recent
 * list stays short, newest first, without duplicates.
 */
class FilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ViewState view() {
        RowKey pending = RowKey.of("order-status-index", null, "PENDING");
        RowKey shipped = RowKey.of("order-status-index", null, "SHIPPED");
        return new ViewState(
                "HEATMAP",
                "order-status-index",
                null,
                new ViewState.Range(1_796_074_970_213L, 1_796_085_770_213L, true, "LAST_3H"),
                new ViewState.Heatmap(
                        "THROUGHPUT",
                        "ABSOLUTE",
                        true,
                        false,
                        List.of("PENDING"),
                        ViewState.Zoom.of(new HeatZoom(List.of(pending, shipped), 160, 181)),
                        new ViewState.Pin(ViewState.Key.of(pending), 1_796_085_660_000L)),
                new ViewState.Metrics(true));
    }

    @Test
    void aViewSurvivesItsJsonAndALaterVersionsExtraFields() {
        JsonNode json = ViewStates.toJson(view());
        assertThat(ViewStates.fromJson(json)).isEqualTo(view());
        ((ObjectNode) json).put("futureField", 1);
        ((ObjectNode) json.path("heatmap")).put("palette", "VIRIDIS");
        assertThat(ViewStates.fromJson(json)).isEqualTo(view());
        assertThat(ViewStates.fromJson(null)).isNull();
        assertThat(ViewStates.fromJson(JSON.createArrayNode())).isNull();
        assertThat(view().heatmap().zoom().toHeatZoom().keys())
                .extracting(RowKey::partitionKey)
                .containsExactly("PENDING", "SHIPPED");
        assertThat(view().range().toTimeRange().customStart().toEpochMilli()).isEqualTo(1_796_074_970_213L);
    }

    @Test
    void aRecordingKeepsItsViewAndOneWithoutAViewStillOpens() throws Exception {
        Path with = dir.resolve("with.psrec");
        Path without = dir.resolve("without.psrec");
        try (Lab lab = Lab.inProcess(Lab.Options.defaults())) {
            Recording.save(lab, with, ViewStates.toJson(view()));
            Recording.save(lab, without);
        }
        Recording.Opened opened = Recording.open(with);
        opened.lab().close();
        assertThat(ViewStates.fromJson(opened.view())).isEqualTo(view());
        Recording.Opened old = Recording.open(without);
        old.lab().close();
        assertThat(old.view()).isNull();
    }

    @Test
    void filesAreToldByTheirContentAndAnythingElseIsRefusedInOneSentence() throws Exception {
        Path recording = dir.resolve("renamed.bin");
        try (Lab lab = Lab.inProcess(Lab.Options.defaults())) {
            Recording.save(lab, recording);
        }
        assertThat(FileKind.of(recording)).isEqualTo(FileKind.RECORDING);
        Path snapshot = dir.resolve("snap.data");
        Snapshot.save(
                new Snapshot.Contents(
                        1,
                        "test",
                        2,
                        new Snapshot.Source(ConnectionKind.AWS, "eu-west-1", null, null),
                        new Snapshot.About(List.of(), List.of(), 0, 0, true),
                        null,
                        false,
                        List.of()),
                snapshot);
        assertThat(FileKind.of(snapshot)).isEqualTo(FileKind.SNAPSHOT);
        Path gzipped = dir.resolve("other.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            out.write("{\"format\": \"something-else\"}".getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> FileKind.of(gzipped))
                .isInstanceOf(FileKind.NotOurs.class)
                .hasMessage("other.gz is not a PartitionScope recording or snapshot.");
        Path text = Files.writeString(dir.resolve("x.txt"), "hello");
        assertThatThrownBy(() -> FileKind.of(text)).hasMessage("x.txt is not a PartitionScope recording or snapshot.");
        // A damaged file with our extension goes to its reader, which says what is wrong with it.
        assertThat(FileKind.of(Files.writeString(dir.resolve("broken.psrec"), "nope")))
                .isEqualTo(FileKind.RECORDING);
        assertThat(FileKind.of(Files.writeString(dir.resolve("broken.pssnap"), "nope")))
                .isEqualTo(FileKind.SNAPSHOT);
        assertThatThrownBy(() -> FileKind.of(dir.resolve("gone.psrec")))
                .hasMessage("There is no file " + dir.resolve("gone.psrec") + ".");
    }

    @Test
    void recentFilesAreNewestFirstWithoutDuplicatesAndAtMostTen() {
        Settings settings = new Settings();
        AtomicInteger saves = new AtomicInteger();
        RecentFiles recent = new RecentFiles(settings, saves::incrementAndGet);
        for (int i = 0; i < 12; i++) {
            recent.add(dir.resolve("f" + i + ".psrec"));
        }
        recent.add(dir.resolve("f5.psrec"));
        assertThat(recent.list()).hasSize(RecentFiles.MAX).first().isEqualTo(dir.resolve("f5.psrec"));
        assertThat(recent.list().get(1)).isEqualTo(dir.resolve("f11.psrec"));
        assertThat(recent.list()).doesNotHaveDuplicates().doesNotContain(dir.resolve("f0.psrec"));
        assertThat(settings.recentFiles.get(0))
                .isEqualTo(dir.resolve("f5.psrec").toString());
        recent.remove(dir.resolve("f5.psrec"));
        assertThat(recent.list()).doesNotContain(dir.resolve("f5.psrec"));
        assertThat(saves.get()).isEqualTo(14);
    }
}
