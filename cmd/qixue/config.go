package main

import (
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"qixue/games"
	"qixue/heavy"
	"qixue/identity"
	"qixue/models"
	"qixue/roster"
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
	MetricsToken    string        // QIXUE_METRICS_TOKEN
	PprofAddr       string        // QIXUE_PPROF_ADDR, loopback only; empty: off
	// PublicURL is the app's public origin for badge QR codes and absolute
	// links (empty: the listening address, see listenURL).
	PublicURL string // QIXUE_PUBLIC_URL, e.g. https://qixue.example.org
	// RosterMaxUpload bounds a roster zip, RosterMaxUnpacked the total
	// size of its CSV files once unzipped, in bytes.
	RosterMaxUpload   int64 // QIXUE_ROSTER_MAX_UPLOAD, e.g. 64MiB
	RosterMaxUnpacked int64 // QIXUE_ROSTER_MAX_UNPACKED, e.g. 200MiB
	// GameLimits bound a game upload (QIXUE_GAMES_MAX_*, see gameLimitEnv).
	GameLimits games.Limits
	// The PostgreSQL connection pool; SQLite keeps its one connection.
	DBMaxOpenConns    int           // QIXUE_DB_MAX_OPEN_CONNS
	DBMaxIdleConns    int           // QIXUE_DB_MAX_IDLE_CONNS
	DBConnMaxLifetime time.Duration // QIXUE_DB_CONN_MAX_LIFETIME
	// Login limits and password hashing (see identity.Config).
	LoginWindow       time.Duration // QIXUE_LOGIN_WINDOW
	LoginAccountLimit int           // QIXUE_LOGIN_ACCOUNT_LIMIT
	LoginAddressLimit int           // QIXUE_LOGIN_ADDRESS_LIMIT
	HashSlots         int           // QIXUE_HASH_SLOTS
	HashWait          time.Duration // QIXUE_HASH_WAIT
	ImportHashSlots   int           // QIXUE_IMPORT_HASH_SLOTS

	// Heavy bounds heavy requests: QIXUE_HEAVY_PER_USER, QIXUE_HEAVY_PER_SCHOOL,
	// QIXUE_HEAVY_TOTAL (at once, per process) and QIXUE_HEAVY_BUDGET.
	Heavy heavy.Config
}

// loadConfig reads the configuration from the environment.
func loadConfig() (config, error) {
	c := config{
		Addr:            env("QIXUE_ADDR", ":8080"),
		DatabaseURL:     env("QIXUE_DATABASE_URL", models.DefaultDatabase),
		JWTSecret:       os.Getenv("QIXUE_JWT_SECRET"),
		TrustProxy:      env("QIXUE_TRUST_PROXY", "false") == "true",
		DemoPassword:    os.Getenv("QIXUE_DEMO_PASSWORD"),
		MetricsToken:    os.Getenv("QIXUE_METRICS_TOKEN"),
		PprofAddr:       os.Getenv("QIXUE_PPROF_ADDR"),
		AccessTTL:       15 * time.Minute,
		RefreshTTL:      30 * 24 * time.Hour,
		BcryptCost:      10,
		ShutdownTimeout: 20 * time.Second,

		RosterMaxUpload:   64 << 20,
		RosterMaxUnpacked: 200 << 20,
		GameLimits:        games.DefaultLimits(),

		DBMaxOpenConns:    models.DefaultPool.MaxOpenConns,
		DBMaxIdleConns:    models.DefaultPool.MaxIdleConns,
		DBConnMaxLifetime: models.DefaultPool.ConnMaxLifetime,

		LoginWindow:       identity.DefaultLimitWindow,
		LoginAccountLimit: identity.DefaultAccountLimit,
		LoginAddressLimit: identity.DefaultAddressLimit,
		HashSlots:         identity.DefaultHashSlots(),
		HashWait:          identity.DefaultHashWait,
		Heavy:             heavy.DefaultConfig(),
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
		"QIXUE_DB_CONN_MAX_LIFETIME": &c.DBConnMaxLifetime,
		"QIXUE_LOGIN_WINDOW":         &c.LoginWindow, "QIXUE_HASH_WAIT": &c.HashWait,
		"QIXUE_HEAVY_BUDGET": &c.Heavy.Budget,
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
	for name, p := range map[string]*int{
		"QIXUE_DB_MAX_OPEN_CONNS": &c.DBMaxOpenConns, "QIXUE_DB_MAX_IDLE_CONNS": &c.DBMaxIdleConns,
	} {
		if s := os.Getenv(name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 10000 {
				return c, fmt.Errorf("%s: want a number of connections 1..10000, got %q", name, s)
			}
			*p = n
		}
	}
	for _, n := range []struct {
		name     string
		p        *int
		min, max int
	}{
		{"QIXUE_LOGIN_ACCOUNT_LIMIT", &c.LoginAccountLimit, 1, 1000000},
		{"QIXUE_LOGIN_ADDRESS_LIMIT", &c.LoginAddressLimit, 1, 100000000},
		{"QIXUE_HASH_SLOTS", &c.HashSlots, 1, 1024},
		{"QIXUE_IMPORT_HASH_SLOTS", &c.ImportHashSlots, 1, 1024},
		{"QIXUE_HEAVY_PER_USER", &c.Heavy.PerUser, 1, 1024},
		{"QIXUE_HEAVY_PER_SCHOOL", &c.Heavy.PerSchool, 1, 1024},
		{"QIXUE_HEAVY_TOTAL", &c.Heavy.Total, 1, 4096},
	} {
		if s := os.Getenv(n.name); s != "" {
			v, err := strconv.Atoi(s)
			if err != nil || v < n.min || v > n.max {
				return c, fmt.Errorf("%s: want a whole number %d..%d, got %q", n.name, n.min, n.max, s)
			}
			*n.p = v
		}
	}
	if c.ImportHashSlots == 0 {
		c.ImportHashSlots = identity.DefaultImportSlots(c.HashSlots)
	}
	if c.ImportHashSlots > c.HashSlots {
		return c, fmt.Errorf("QIXUE_IMPORT_HASH_SLOTS (%d) is more than QIXUE_HASH_SLOTS (%d)", c.ImportHashSlots, c.HashSlots)
	}
	if c.DBMaxIdleConns > c.DBMaxOpenConns {
		if os.Getenv("QIXUE_DB_MAX_IDLE_CONNS") != "" {
			return c, fmt.Errorf("QIXUE_DB_MAX_IDLE_CONNS (%d) is more than QIXUE_DB_MAX_OPEN_CONNS (%d)", c.DBMaxIdleConns, c.DBMaxOpenConns)
		}
		c.DBMaxIdleConns = c.DBMaxOpenConns // the default idle count, capped
	}
	for name, n := range map[string]*int64{
		"QIXUE_ROSTER_MAX_UPLOAD": &c.RosterMaxUpload, "QIXUE_ROSTER_MAX_UNPACKED": &c.RosterMaxUnpacked,
	} {
		if s := os.Getenv(name); s != "" {
			v, err := parseSize(s)
			if err != nil {
				return c, fmt.Errorf("%s: %w", name, err)
			}
			*n = v
		}
	}
	if err := c.readGameLimits(); err != nil {
		return c, err
	}
	if err := checkPprofAddr(c.PprofAddr); err != nil {
		return c, err
	}
	pub, err := publicURL(os.Getenv("QIXUE_PUBLIC_URL"))
	if err != nil {
		return c, err
	}
	c.PublicURL = pub
	return c, nil
}

// maxPublicURL bounds QIXUE_PUBLIC_URL, so that a badge's login URL
// (the origin, "/login#badge=" and the secret) always fits its QR code.
const maxPublicURL = 200

// publicURL checks QIXUE_PUBLIC_URL (an http or https origin: no path
// beyond "/", no query, no fragment, no user) and returns it without a
// trailing slash; empty stays empty (see listenURL).
func publicURL(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || len(s) > maxPublicURL {
		return "", fmt.Errorf("QIXUE_PUBLIC_URL: want an http(s) origin of at most %d characters such as https://qixue.example.org, got %q", maxPublicURL, s)
	}
	return u.Scheme + "://" + u.Host, nil
}

// listenURL is the public URL when QIXUE_PUBLIC_URL is unset: http, the
// host the server listens on (localhost when it listens on every
// interface) and the port it got. It is taken from the listener, never
// from a request.
func listenURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://localhost"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// dbPool returns the database pool settings of the configuration.
func (c config) dbPool() models.Pool {
	return models.Pool{MaxOpenConns: c.DBMaxOpenConns, MaxIdleConns: c.DBMaxIdleConns, ConnMaxLifetime: c.DBConnMaxLifetime}
}

// dbPoolString describes the pool the database gets, for the start-up
// log: the settings for PostgreSQL; SQLite ignores them.
func (c config) dbPoolString() string {
	if !models.IsPostgres(c.DatabaseURL) {
		return "sqlite: one connection (QIXUE_DB_* pool settings apply to PostgreSQL only)"
	}
	return fmt.Sprintf("max_open_conns=%d max_idle_conns=%d conn_max_lifetime=%s", c.DBMaxOpenConns, c.DBMaxIdleConns, c.DBConnMaxLifetime)
}

// rosterLimits returns the roster upload limits of the configuration.
func (c config) rosterLimits() roster.Limits {
	return roster.Limits{MaxUpload: c.RosterMaxUpload, MaxUncompressed: c.RosterMaxUnpacked}
}

// sizeUnits are the units parseSize accepts, longest first so that "MiB"
// is not read as "B".
var sizeUnits = []struct {
	name string
	n    int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9},
	{"b", 1}, {"", 1},
}

// parseSize reads a positive byte count such as "1048576", "64MiB",
// "512 KiB" or "1GB" (KiB, MiB, GiB are powers of 1024; kB, MB, GB of
// 1000; units in any case).
func parseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, u := range sizeUnits {
		num, ok := strings.CutSuffix(t, u.name)
		if !ok {
			continue
		}
		num = strings.TrimSpace(num)
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil || n <= 0 || num[0] == '+' || n > math.MaxInt64/u.n {
			break
		}
		return n * u.n, nil
	}
	return 0, fmt.Errorf("want a positive size such as 64MiB, got %q", s)
}

// formatSize writes n in the largest binary unit that divides it.
func formatSize(n int64) string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.n == 0 {
			return strconv.FormatInt(n/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
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
		"metrics_token", mask(c.MetricsToken),
		"pprof_addr", c.PprofAddr,
		"public_url", c.PublicURL,
		"roster_max_upload", formatSize(c.RosterMaxUpload),
		"roster_max_unpacked", formatSize(c.RosterMaxUnpacked),
		"games_limits", fmt.Sprintf("upload=%s games=%d plies=%d variations=%d depth=%d comment_bytes=%d tags=%d tag_bytes=%d",
			formatSize(int64(c.GameLimits.UploadBytes)), c.GameLimits.Read.Games, c.GameLimits.Read.Plies, c.GameLimits.Read.Variations,
			c.GameLimits.Read.Depth, c.GameLimits.Read.CommentBytes, c.GameLimits.Read.Tags, c.GameLimits.Read.TagBytes),
		"db_pool", c.dbPoolString(),
		"login_window", c.LoginWindow.String(),
		"login_account_limit", c.LoginAccountLimit,
		"login_address_limit", c.LoginAddressLimit,
		"hash_slots", c.HashSlots,
		"hash_wait", c.HashWait.String(),
		"import_hash_slots", c.ImportHashSlots,
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

// gameLimitEnv lists the settings of game uploads: the variable, the
// limit it sets, whether it is a size (64KiB) or a count, and its range.
func (c *config) gameLimitEnv() []struct {
	name     string
	p        *int
	size     bool
	min, max int
} {
	l := &c.GameLimits
	return []struct {
		name     string
		p        *int
		size     bool
		min, max int
	}{
		{"QIXUE_GAMES_MAX_UPLOAD", &l.UploadBytes, true, 1 << 10, 1 << 30},
		{"QIXUE_GAMES_MAX_GAMES", &l.Read.Games, false, 1, 1000000},
		{"QIXUE_GAMES_MAX_PLIES", &l.Read.Plies, false, 1, 1000000},
		{"QIXUE_GAMES_MAX_VARIATIONS", &l.Read.Variations, false, 1, 1000000},
		{"QIXUE_GAMES_MAX_DEPTH", &l.Read.Depth, false, 1, 10000},
		{"QIXUE_GAMES_MAX_COMMENT_BYTES", &l.Read.CommentBytes, true, 1, 1 << 30},
		{"QIXUE_GAMES_MAX_TAGS", &l.Read.Tags, false, 1, 100000},
		{"QIXUE_GAMES_MAX_TAG_BYTES", &l.Read.TagBytes, true, 16, 1 << 20},
	}
}

// readGameLimits reads the QIXUE_GAMES_MAX_* settings.
func (c *config) readGameLimits() error {
	for _, e := range c.gameLimitEnv() {
		s := os.Getenv(e.name)
		if s == "" {
			continue
		}
		var v int64
		var err error
		if e.size {
			v, err = parseSize(s)
		} else {
			v, err = strconv.ParseInt(s, 10, 64)
		}
		if err != nil || v < int64(e.min) || v > int64(e.max) {
			return fmt.Errorf("%s: want %d..%d, got %q", e.name, e.min, e.max, s)
		}
		*e.p = int(v)
	}
	return nil
}
