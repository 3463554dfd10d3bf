package main

import (
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"qixue/models"
)

// config is the server configuration, read from QIXUE_* environment
// variables with defaults.
type config struct {
	Addr            string        // QIXUE_ADDR
	DatabaseURL     string        // QIXUE_DATABASE_URL
	JWTSecret       string        // QIXUE_JWT_SECRET
	LogLevel        slog.Level    // QIXUE_LOG_LEVEL
	CORSOrigins     []string      // QIXUE_CORS_ORIGINS, comma-separated
	TrustProxy      bool          // QIXUE_TRUST_PROXY
	AccessTTL       time.Duration // QIXUE_ACCESS_TTL
	RefreshTTL      time.Duration // QIXUE_REFRESH_TTL
	BcryptCost      int           // QIXUE_BCRYPT_COST
	ShutdownTimeout time.Duration // QIXUE_SHUTDOWN_TIMEOUT
	DemoPassword    string        // QIXUE_DEMO_PASSWORD
}

// loadConfig reads the configuration from the environment.
func loadConfig() (config, error) {
	c := config{
		Addr:            env("QIXUE_ADDR", ":8080"),
		DatabaseURL:     env("QIXUE_DATABASE_URL", models.DefaultDatabase),
		JWTSecret:       os.Getenv("QIXUE_JWT_SECRET"),
		TrustProxy:      env("QIXUE_TRUST_PROXY", "false") == "true",
		DemoPassword:    os.Getenv("QIXUE_DEMO_PASSWORD"),
		AccessTTL:       15 * time.Minute,
		RefreshTTL:      30 * 24 * time.Hour,
		BcryptCost:      10,
		ShutdownTimeout: 20 * time.Second,
	}
	if err := c.LogLevel.UnmarshalText([]byte(env("QIXUE_LOG_LEVEL", "info"))); err != nil {
		return c, fmt.Errorf("QIXUE_LOG_LEVEL: %w", err)
	}
	for _, o := range strings.Split(os.Getenv("QIXUE_CORS_ORIGINS"), ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.CORSOrigins = append(c.CORSOrigins, o)
		}
	}
	for name, d := range map[string]*time.Duration{
		"QIXUE_ACCESS_TTL": &c.AccessTTL, "QIXUE_REFRESH_TTL": &c.RefreshTTL, "QIXUE_SHUTDOWN_TIMEOUT": &c.ShutdownTimeout,
	} {
		if s := os.Getenv(name); s != "" {
			v, err := time.ParseDuration(s)
			if err != nil || v <= 0 {
				return c, fmt.Errorf("%s: want a positive duration such as 15m, got %q", name, s)
			}
			*d = v
		}
	}
	if s := os.Getenv("QIXUE_BCRYPT_COST"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 4 || n > 31 {
			return c, fmt.Errorf("QIXUE_BCRYPT_COST: want 4..31, got %q", s)
		}
		c.BcryptCost = n
	}
	return c, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// logAttrs returns the configuration for the start-up log, secrets masked.
func (c config) logAttrs() []any {
	return []any{
		"addr", c.Addr,
		"database_url", redactURL(c.DatabaseURL),
		"jwt_secret", mask(c.JWTSecret),
		"log_level", c.LogLevel.String(),
		"cors_origins", c.CORSOrigins,
		"trust_proxy", c.TrustProxy,
		"access_ttl", c.AccessTTL.String(),
		"refresh_ttl", c.RefreshTTL.String(),
		"bcrypt_cost", c.BcryptCost,
		"shutdown_timeout", c.ShutdownTimeout.String(),
		"demo_password", mask(c.DemoPassword),
	}
}

func mask(secret string) string {
	if secret == "" {
		return "(unset)"
	}
	return "***"
}

// redactURL hides the password of a database URL.
func redactURL(s string) string {
	if !models.IsPostgres(s) {
		return s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}
