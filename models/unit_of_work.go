package models

import (
	"context"

	"gorm.io/gorm"
)

// txKey holds, in a context, the transaction of a unit of work.
type txKey struct{}

// inTx runs fn in one transaction on db whose ctx carries it, so that
// every store that reads its connection with conn writes in it: a use
// case across stores (a game record and its tournament result) is then
// written together or not at all. Inside a unit of work already, fn joins
// it. A store's own Transaction inside becomes a savepoint.
func inTx(ctx context.Context, db *gorm.DB, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// conn returns the transaction of the unit of work ctx is in, or else db,
// bound to ctx.
func conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}
