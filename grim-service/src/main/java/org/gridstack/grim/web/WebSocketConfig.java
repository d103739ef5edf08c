package org.gridstack.grim.web;

import org.gridstack.grim.config.GrimProperties;
import org.gridstack.grim.write.UpdateRouter;
import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

/** Registers the providers' streaming endpoint {@code /api/v1/updates/ws}. */
@Configuration
@EnableWebSocket
class WebSocketConfig implements WebSocketConfigurer {
    private final ProviderUpdateSocket socket;
    private final List<String> allowedOrigins;

    WebSocketConfig(UpdateRouter writes, ProviderAuthentication auth, GrimProperties properties) {
        this.allowedOrigins = properties.getUpdates().getAllowedOrigins();
        this.socket = new ProviderUpdateSocket(writes, auth, properties.getUpdates().getMaxUpdatesPerRequest(),
                properties.getUpdates().getMaxMessageChars());
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        registry.addHandler(socket, "/api/v1/updates/ws").addInterceptors(socket)
                // clients without Origin (not browsers) and same-origin pages always; other pages only when listed
                .setAllowedOriginPatterns(allowedOrigins.toArray(String[]::new));
    }

    /**
     * The container hands text messages to {@link ProviderUpdateSocket} in parts of at most this
     * buffer, so no message size closes a connection; the socket enforces the message limit itself.
     */
    @Bean
    ServletServerContainerFactoryBean webSocketContainer() {
        ServletServerContainerFactoryBean c = new ServletServerContainerFactoryBean();
        c.setMaxTextMessageBufferSize(ProviderUpdateSocket.PART_CHARS);
        return c;
    }

    @Bean(destroyMethod = "shutdown")
    ProviderUpdateSocket providerUpdateSocket() {
        return socket;
    }
}
