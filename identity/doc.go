// Package identity is the domain of who uses Qixue: schools, users and their
// roles, classes with their login codes, enrollments, and authentication
// (passwords, student PINs, access tokens that a deactivation or deletion
// ends at once, rotating refresh tokens, login rate limits). It is a
// top-level domain package beside lessons and exercises in the design's
// dependency diagram: it owns its types, its sentinel errors and its Store
// interface, and imports neither echo nor gorm.
//
// Every operation takes the calling domain.Principal and applies the permission
// matrix and school scoping of the design: another school's IDs are
// reported as ErrNotFound, never as ErrForbidden.
//
// Usage:
//
//	svc := identity.NewService(store, identity.Config{Secret: secret})
//	session, err := svc.Login(ctx, identity.Credentials{Username: "teacher", Password: pw}, clientIP)
//	p, err := svc.Authenticate(ctx, session.AccessToken)
//	classes, next, err := svc.ListClasses(ctx, p, identity.ClassQuery{}, identity.Page{Limit: 50})
package identity
