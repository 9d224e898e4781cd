package dev.partitionscope.aws.snapshot;

import dev.partitionscope.aws.WriteGuard;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * What a connection read while it was open, kept so "Save snapshot…" can write it: every read call's request and
 * answer, newest last, an identical later call replacing the earlier one. It sits in the SDK clients as an
 * interceptor, so every screen's reads are in it without the screens knowing. Memory is bounded: answers that hold
 * item contents (Scan, Query, GetItem…) have a budget of their own, so a long audit cannot push the metrics out, and
 * the oldest answers go first. Throttles and server failures are not kept: replaying them would only repeat a
 * transient state.
 */
public final class ExchangeLog implements ExecutionInterceptor {
    /** Bytes kept of answers without item contents (metrics, reports, descriptions). */
    public static final long DATA_BUDGET = 48L << 20;
    /** Bytes kept of answers with item contents. */
    public static final long ITEM_BUDGET = 16L << 20;
    /** The content headers kept; everything else (request ids, dates, checksums) is dropped. */
    private static final List<String> KEPT_HEADERS =
            List.of("content-type", "smithy-protocol", "x-amzn-errortype", "x-amzn-query-error");

    private static final ExecutionAttribute<Exchange> PENDING = new ExecutionAttribute<>("partitionscope.exchange");

    private final boolean recording;
    private final long dataBudget;
    private final long itemBudget;
    private final Map<String, Exchange> data = new LinkedHashMap<>();
    private final Map<String, Exchange> items = new LinkedHashMap<>();
    private long dataBytes;
    private long itemBytes;

    private ExchangeLog(boolean recording, long dataBudget, long itemBudget) {
        this.recording = recording;
        this.dataBudget = dataBudget;
        this.itemBudget = itemBudget;
    }

    /** A log that records the calls of the clients it is installed in. */
    public static ExchangeLog recording() {
        return new ExchangeLog(true, DATA_BUDGET, ITEM_BUDGET);
    }

    /** A recording log with other budgets (tests). */
    static ExchangeLog recording(long dataBudget, long itemBudget) {
        return new ExchangeLog(true, dataBudget, itemBudget);
    }

    /** A log holding {@code exchanges} that records nothing more: an opened snapshot's, so it can be saved again. */
    public static ExchangeLog of(Collection<Exchange> exchanges) {
        ExchangeLog log = new ExchangeLog(false, Long.MAX_VALUE, Long.MAX_VALUE);
        exchanges.forEach(log::add);
        return log;
    }

    /** Everything kept, oldest first; answers with item contents only when {@code withItems}. */
    public synchronized List<Exchange> exchanges(boolean withItems) {
        List<Exchange> out = new ArrayList<>(data.values());
        if (withItems) {
            out.addAll(items.values());
        }
        return out;
    }

    /** How many answers with item contents are kept (what "include item contents" would add). */
    public synchronized int itemExchanges() {
        return items.size();
    }

    public synchronized boolean isEmpty() {
        return data.isEmpty() && items.isEmpty();
    }

    synchronized void add(Exchange e) {
        boolean item = e.itemContents();
        Map<String, Exchange> into = item ? items : data;
        Exchange old = into.remove(e.key());
        long delta = e.size() - (old == null ? 0 : old.size());
        into.put(e.key(), e);
        if (item) {
            itemBytes += delta;
            itemBytes -= trim(items, itemBytes - itemBudget);
        } else {
            dataBytes += delta;
            dataBytes -= trim(data, dataBytes - dataBudget);
        }
    }

    /** Drops the oldest entries until {@code excess} bytes are freed (never the newest); returns the bytes freed. */
    private static long trim(Map<String, Exchange> map, long excess) {
        long freed = 0;
        Iterator<Exchange> it = map.values().iterator();
        while (freed < excess && map.size() > 1 && it.hasNext()) {
            freed += it.next().size();
            it.remove();
        }
        return freed;
    }

    // Recording, in the SDK clients

    @Override
    public Optional<InputStream> modifyHttpResponseContent(
            Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        String service = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        Optional<InputStream> body = context.responseBody();
        if (!recording || !WriteGuard.isRead(service, operation) || body.isEmpty()) {
            return body;
        }
        byte[] bytes;
        try (InputStream in = body.get()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SdkHttpResponse response = context.httpResponse();
        if (keepable(response.statusCode(), bytes)) {
            attributes.putAttribute(
                    PENDING,
                    Exchange.of(
                            service,
                            operation,
                            SdkCanonical.of(context.request()),
                            response.statusCode(),
                            headers(response),
                            bytes));
        } else {
            attributes.putAttribute(PENDING, null);
        }
        return Optional.of(new ByteArrayInputStream(bytes));
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        commit(attributes);
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        // A refusal is an answer too (not found, access denied, not supported): the screens show it as a state.
        commit(attributes);
    }

    private void commit(ExecutionAttributes attributes) {
        Exchange e = attributes.getAttribute(PENDING);
        if (e != null) {
            attributes.putAttribute(PENDING, null);
            add(e);
        }
    }

    /** Not a throttle, not a server failure: something that would be answered the same way again. */
    static boolean keepable(int status, byte[] body) {
        if (status >= 200 && status < 300) {
            return true;
        }
        if (status >= 500 || status == 429) {
            return false;
        }
        String text = new String(body, StandardCharsets.ISO_8859_1);
        return !text.contains("Throttl")
                && !text.contains("ProvisionedThroughputExceeded")
                && !text.contains("RequestLimitExceeded")
                && !text.contains("LimitExceeded");
    }

    private static Map<String, String> headers(SdkHttpResponse response) {
        Map<String, String> kept = new TreeMap<>();
        response.forEachHeader((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (KEPT_HEADERS.contains(lower) && !values.isEmpty()) {
                kept.put(lower, values.get(0));
            }
        });
        return kept;
    }
}
