package dev.partitionscope;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README is the front door and {@code docs/} holds the rest, so the links between them must hold: every relative
 * link and image in {@code README.md} and {@code docs/**}{@code /*.md} points to a file or folder that exists, every
 * docs page is linked from {@code README.md} or {@code docs/README.md}, and the README stays short. Links in fenced
 * code blocks and inline code spans are not links. Runs from the project root, as surefire does.
 */
class DocsLinksTest {
    private static final Path README = Path.of("README.md");
    private static final Path DOCS = Path.of("docs");
    private static final Path DOCS_INDEX = DOCS.resolve("README.md");
    private static final int MAX_README_LINES = 350;

    /** {@code [text](target)} and {@code ![alt](target)}, the text on one or more lines, an optional title. */
    private static final Pattern INLINE_LINK = Pattern.compile(
            "!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*])*]\\(\\s*(<[^>\\n]*>|[^\\s()]+)(?:\\s+(?:\"[^\"]*\"|'[^']*'))?\\s*\\)");

    /** {@code [label]: target}, a reference definition. */
    private static final Pattern REFERENCE_DEFINITION =
            Pattern.compile("(?m)^ {0,3}\\[[^\\]\\n]+]:[ \\t]*(<[^>\\n]*>|\\S+)");

    /** {@code <img src="...">} and {@code <a href="...">}. */
    private static final Pattern HTML_LINK = Pattern.compile(
            "<(?:img|a)\\s[^>]*?\\b(?:src|href)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')", Pattern.CASE_INSENSITIVE);

    private static final Pattern FENCE_OPEN = Pattern.compile("^ {0,3}(`{3,}|~{3,}).*$");
    private static final Pattern FENCE_CLOSE = Pattern.compile("^ {0,3}(`{3,}|~{3,})[ \\t]*$");
    private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    @Test
    void readmeIsAFrontDoorOfAtMost350Lines() throws IOException {
        assertThat(README).as("README.md (the test runs from the project root)").isRegularFile();

        int lines = Files.readAllLines(README, UTF_8).size();

        assertThat(lines)
                .as(
                        "README.md has %d lines; keep it a front door of at most %d and move reference material to docs/",
                        lines, MAX_README_LINES)
                .isLessThanOrEqualTo(MAX_README_LINES);
    }

    @Test
    void docsHaveAnIndex() {
        assertThat(DOCS_INDEX)
                .as("docs/README.md, the index of every docs page")
                .isRegularFile();
    }

    @Test
    void everyRelativeLinkAndImageResolves() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        List<Path> files = markdownFiles(root);
        List<String> broken = new ArrayList<>();
        for (Path file : files) {
            broken.addAll(brokenLinks(root, file));
        }

        assertThat(files).as("Markdown files checked").contains(root.resolve(README));
        assertThat(broken)
                .as(
                        "%d broken link(s) in README.md and docs/ (file:line: target, what is wrong):%n%s",
                        broken.size(), String.join(System.lineSeparator(), broken))
                .isEmpty();
    }

    @Test
    void everyDocsPageIsLinkedFromTheReadmeOrTheDocsIndex() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        Set<Path> linked = new HashSet<>();
        for (Path index : List.of(root.resolve(README), root.resolve(DOCS_INDEX))) {
            if (Files.isRegularFile(index)) {
                linked.addAll(linkedFiles(root, index));
            }
        }

        List<String> unlinked = markdownFiles(root).stream()
                .filter(file -> file.startsWith(root.resolve(DOCS)) && !linked.contains(file))
                .map(file -> display(root, file))
                .collect(Collectors.toList());

        assertThat(unlinked)
                .as(
                        "docs pages no link from README.md or docs/README.md reaches:%n%s",
                        String.join(System.lineSeparator(), unlinked))
                .isEmpty();
    }

    @Test
    void theScannerSeesWhatItShouldSee(@TempDir Path dir) throws IOException {
        String markdown = """
                          # Title
                          [a page](docs/a.md) and ![an image](img/x.png "title") and [anchored](docs/a.md#part)
                          ![alt text that goes on
                          to the next line](img/y.png) <img src="img/z.png" width="10">
                          `[in code](not/a/link.md)` and ``[in `double` code](nor/this.md)``
                          ```bash
                          [in a fence](fenced.md)
                          ```
                          ~~~~
                          ```
                          [in a tilde fence](tilde.md)
                          ~~~~
                          [web](https://example.com) [mail](mailto:a@b.c) [anchor](#title) [spaced](<docs/b c.md>)
                          [ref]: docs/ref.md\
                          """;

        List<Link> links = links(markdown);

        assertThat(links)
                .extracting(Link::target)
                .containsExactly(
                        "docs/a.md",
                        "img/x.png",
                        "docs/a.md#part",
                        "img/y.png",
                        "img/z.png",
                        "https://example.com",
                        "mailto:a@b.c",
                        "#title",
                        "docs/b c.md",
                        "docs/ref.md");
        assertThat(links).extracting(Link::line).containsExactly(2, 2, 2, 4, 4, 13, 13, 13, 13, 14);

        Files.createDirectories(dir.resolve("docs"));
        Files.createDirectories(dir.resolve("img"));
        Files.writeString(dir.resolve("docs/a.md"), "[back](../README.md) [up and out](../../elsewhere.md)");
        Files.writeString(dir.resolve("img/x.png"), "");
        Files.writeString(dir.resolve("README.md"), markdown);

        assertThat(brokenLinks(dir, dir.resolve("README.md")))
                .containsExactly(
                        "README.md:4: img/y.png → img/y.png does not exist",
                        "README.md:4: img/z.png → img/z.png does not exist",
                        "README.md:13: docs/b c.md → docs/b c.md does not exist",
                        "README.md:14: docs/ref.md → docs/ref.md does not exist");
        assertThat(brokenLinks(dir, dir.resolve("docs/a.md")))
                .containsExactly("docs/a.md:1: ../../elsewhere.md → points outside the repository");
    }

    private record Link(int offset, int line, String target) {}

    /** README.md and every docs/**.md, as absolute paths. */
    private static List<Path> markdownFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isRegularFile(root.resolve(README))) {
            files.add(root.resolve(README));
        }
        if (Files.isDirectory(root.resolve(DOCS))) {
            try (Stream<Path> walk = Files.walk(root.resolve(DOCS))) {
                walk.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".md"))
                        .sorted()
                        .forEach(files::add);
            }
        }
        return files;
    }

    /** One line per relative link of {@code file} whose target does not exist: where, what, and why. */
    private static List<String> brokenLinks(Path root, Path file) throws IOException {
        List<String> broken = new ArrayList<>();
        for (Link link : links(Files.readString(file, UTF_8))) {
            if (!isRelative(link.target())) {
                continue;
            }
            String where = display(root, file) + ":" + link.line() + ": " + link.target() + " → ";
            Path target;
            try {
                target = resolve(root, file, link.target());
            } catch (IllegalArgumentException e) {
                broken.add(where + "not a path (" + e.getMessage() + ")");
                continue;
            }
            if (!target.startsWith(root)) {
                broken.add(where + "points outside the repository");
            } else if (!Files.exists(target)) {
                broken.add(where + display(root, target) + " does not exist");
            }
        }
        return broken;
    }

    /** The files and folders the relative links of {@code file} point to, normalized. */
    private static Set<Path> linkedFiles(Path root, Path file) throws IOException {
        Set<Path> targets = new HashSet<>();
        for (Link link : links(Files.readString(file, UTF_8))) {
            if (isRelative(link.target())) {
                try {
                    targets.add(resolve(root, file, link.target()));
                } catch (IllegalArgumentException e) {
                    // reported by everyRelativeLinkAndImageResolves
                }
            }
        }
        return targets;
    }

    /** Every link, image, reference definition and HTML src/href of a Markdown text, outside code. */
    private static List<Link> links(String markdown) {
        String text = withoutCode(markdown);
        List<Link> links = new ArrayList<>();
        for (Pattern pattern : List.of(INLINE_LINK, REFERENCE_DEFINITION, HTML_LINK)) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                int group = m.group(1) != null ? 1 : 2;
                String target = m.group(group);
                if (target.startsWith("<") && target.endsWith(">")) {
                    target = target.substring(1, target.length() - 1);
                }
                links.add(new Link(m.start(group), lineOf(text, m.start(group)), target.strip()));
            }
        }
        links.sort(Comparator.comparingInt(Link::offset));
        return links;
    }

    /** Not an absolute URL (any scheme, or //host) and not an anchor in the same page. */
    private static boolean isRelative(String target) {
        return !target.isEmpty()
                && !target.startsWith("#")
                && !target.startsWith("//")
                && !URI_SCHEME.matcher(target).find();
    }

    /** The path a relative target names, without #fragment or ?query, from the Markdown file's folder. */
    private static Path resolve(Path root, Path file, String target) {
        String path = target;
        int cut = indexOfAny(path, '#', '?');
        if (cut >= 0) {
            path = path.substring(0, cut);
        }
        path = URLDecoder.decode(path.replace("+", "%2B"), UTF_8);
        if (path.isEmpty()) {
            return file.normalize();
        }
        Path base = path.startsWith("/") ? root : file.getParent();
        return base.resolve(path.startsWith("/") ? path.substring(1) : path).normalize();
    }

    /** The text with fenced code blocks and inline code spans blanked out, every newline kept in place. */
    private static String withoutCode(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length());
        String fence = null;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (fence == null) {
                Matcher open = FENCE_OPEN.matcher(line);
                if (open.matches()) {
                    fence = open.group(1);
                    line = blank(line);
                }
            } else {
                Matcher close = FENCE_CLOSE.matcher(line);
                if (close.matches()
                        && close.group(1).charAt(0) == fence.charAt(0)
                        && close.group(1).length() >= fence.length()) {
                    fence = null;
                }
                line = blank(line);
            }
            out.append(line);
            if (i < lines.length - 1) {
                out.append('\n');
            }
        }
        return withoutCodeSpans(out.toString());
    }

    /** Blanks each run of n backticks, what it encloses and the closing run of n, within one paragraph. */
    private static String withoutCodeSpans(String text) {
        char[] chars = text.toCharArray();
        int i = 0;
        while (i < chars.length) {
            if (chars[i] != '`') {
                i++;
                continue;
            }
            int run = runOfBackticks(chars, i);
            int close = closingRun(chars, i + run, run);
            if (close < 0) {
                i += run;
                continue;
            }
            for (int j = i; j < close + run; j++) {
                if (chars[j] != '\n') {
                    chars[j] = ' ';
                }
            }
            i = close + run;
        }
        return new String(chars);
    }

    private static int closingRun(char[] chars, int from, int length) {
        int j = from;
        while (j < chars.length) {
            if (chars[j] == '\n' && isBlankLineAfter(chars, j)) {
                return -1;
            }
            if (chars[j] == '`') {
                int run = runOfBackticks(chars, j);
                if (run == length) {
                    return j;
                }
                j += run;
            } else {
                j++;
            }
        }
        return -1;
    }

    private static boolean isBlankLineAfter(char[] chars, int newline) {
        for (int k = newline + 1; k < chars.length; k++) {
            if (chars[k] == '\n') {
                return true;
            }
            if (!Character.isWhitespace(chars[k])) {
                return false;
            }
        }
        return true;
    }

    private static int runOfBackticks(char[] chars, int from) {
        int end = from;
        while (end < chars.length && chars[end] == '`') {
            end++;
        }
        return end - from;
    }

    private static String blank(String line) {
        return " ".repeat(line.length());
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int indexOfAny(String s, char a, char b) {
        int ia = s.indexOf(a);
        int ib = s.indexOf(b);
        return ia < 0 ? ib : ib < 0 ? ia : Math.min(ia, ib);
    }

    private static String display(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
