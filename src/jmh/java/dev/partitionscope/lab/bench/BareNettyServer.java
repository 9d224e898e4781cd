package dev.partitionscope.lab.bench;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The limit for the Lab's HTTP figures: Netty's standard HTTP server (codec, keep-alive, 16 MB aggregation, the Lab's
 * transport) answering every request with {@code {}} and doing nothing else. The Lab's PutItem rate against this one's,
 * measured side by side with wrk, is what the Lab's own work costs (see src/jmh/wrk/README.md). Until 3 December 2026
 * the Lab's pipeline was this one; since then the Lab reads the usual requests and writes its answers itself
 * ({@code FastRequests}, {@code Answer}), and this server stays the idiomatic Netty one it is measured against.
 *
 * <p>One I/O loop per core, this server's best: with two per core (the Lab's count, {@code -Dbare.loops=4} on two
 * cores) it served 3-24 % fewer requests at 16 connections in three pairs of runs, and it would flatter the Lab.
 *
 * <p>{@code java -cp target/benchmarks.jar dev.partitionscope.lab.bench.BareNettyServer 8202}
 */
public final class BareNettyServer {
    private BareNettyServer() {}

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8202;
        int cpus = Runtime.getRuntime().availableProcessors();
        boolean epoll = Epoll.isAvailable();
        int loopCount = Integer.getInteger("bare.loops", cpus);
        EventLoopGroup loops = epoll ? new EpollEventLoopGroup(loopCount) : new NioEventLoopGroup(loopCount);
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
        DefaultHttpHeadersFactory headers = DefaultHttpHeadersFactory.headersFactory()
                .withNameValidation(false)
                .withValueValidation(false);
        try {
            ChannelFuture bound = new ServerBootstrap()
                    .group(loops)
                    .channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(
                                            new HttpServerCodec(),
                                            new HttpServerKeepAliveHandler(),
                                            new HttpObjectAggregator(16 * 1024 * 1024),
                                            new SimpleChannelInboundHandler<FullHttpRequest>() {
                                                @Override
                                                protected void channelRead0(
                                                        ChannelHandlerContext ctx, FullHttpRequest req) {
                                                    ByteBuf body = Unpooled.wrappedBuffer(empty);
                                                    FullHttpResponse r = new DefaultFullHttpResponse(
                                                            HttpVersion.HTTP_1_1,
                                                            HttpResponseStatus.OK,
                                                            body,
                                                            headers,
                                                            headers);
                                                    r.headers()
                                                            .set(
                                                                    HttpHeaderNames.CONTENT_TYPE,
                                                                    "application/x-amz-json-1.0")
                                                            .set(HttpHeaderNames.CONTENT_LENGTH, empty.length);
                                                    ChannelFuture unused = ctx.writeAndFlush(r);
                                                }
                                            });
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                    .sync();
            System.out.println("bare Netty ({} to everything) on "
                    + bound.channel().localAddress() + (epoll ? " (epoll)" : " (NIO)"));
            bound.channel().closeFuture().sync();
        } finally {
            io.netty.util.concurrent.Future<?> unused = loops.shutdownGracefully();
        }
    }
}
