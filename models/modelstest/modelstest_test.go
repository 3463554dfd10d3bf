package modelstest

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/models"
)

// catalog describes the current schema of db: its columns, indexes and
// constraints, with the schema's name left out.
func catalog(t *testing.T, db *gorm.DB) []string {
	t.Helper()
	var schema string
	if err := db.Raw("SELECT current_schema()").Scan(&schema).Error; err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, q := range []string{
		`SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') || ' ' || coalesce(character_maximum_length::text, '')
		   FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1`,
		`SELECT tablename || ' ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`,
		`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
		   FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1`,
	} {
		var got []string
		if err := db.Raw(q).Scan(&got).Error; err != nil {
			t.Fatal(err)
		}
		for _, g := range got {
			rows = append(rows, strings.ReplaceAll(g, schema+".", ""))
		}
	}
	return rows
}

// TestReplayedSchemaIsMigrated checks that the schema Postgres makes by
// replaying recorded statements is the one models.Migrate makes.
func TestReplayedSchemaIsMigrated(t *testing.T) {
	Postgres(t) // records the statements, if no test did before
	replayed := Postgres(t)

	migrated := Postgres(t)
	var schema string
	migrated.Raw("SELECT current_schema()").Scan(&schema)
	// Empty the schema and let AutoMigrate build it from nothing.
	if err := migrated.Exec("DROP SCHEMA " + schema + " CASCADE; CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatal(err)
	}
	if err := models.Migrate(context.Background(), migrated); err != nil {
		t.Fatal(err)
	}
	want, got := catalog(t, migrated), catalog(t, replayed)
	if len(want) < 20 {
		t.Fatalf("the migrated schema has only %d catalog rows", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replayed schema differs from the migrated one:\ngot  %q\nwant %q", got, want)
	}
}
