// Package roster imports OneRoster CSV rosters: the files a school's or
// district's student information system exports (manifest.csv, orgs.csv,
// users.csv, classes.csv, enrollments.csv, with academicSessions.csv and
// courses.csv checked but not imported, and OneRoster 1.2 roles.csv
// accepted for users' roles).
//
// An import reads a zip or a folder (ReadZip, ReadPath), parses and checks
// every file (Parse), diffs the result against the database inside one
// transaction and applies the plan in the same transaction, so a bundle
// with any problem changes nothing and reports every problem with file,
// line, column and reason. A dry run plans and rolls back.
//
// Headers are matched exactly as OneRoster 1.1 writes them (sourcedId,
// status, dateLastModified, orgSourcedIds, role, username, givenName,
// familyName, email, password, title, grades, schoolSourcedId,
// classSourcedId, userSourcedId, ...), in any order; unknown columns
// (metadata.*) are ignored. From OneRoster 1.2 it also accepts
// primaryOrgSourcedId in place of orgSourcedIds, a users.csv without role
// when roles.csv (sourcedId, userSourcedId, role, roleType, orgSourcedId)
// gives each user's primary role, and the 1.2 roles siteAdministrator and
// principal (as school admins); 1.2 userMasterIdentifier, pronouns and
// preferred names are ignored. Files are UTF-8 with or without a BOM;
// quoted fields may hold commas and newlines; bare quotes and rows with
// the wrong number of fields are errors.
//
// Mapping: orgs of type school become schools; users with role student,
// teacher or administrator become students, teachers and school admins;
// classes take their grade from the lowest of grades (KG, PK, TK = 0,
// 01-06); enrollments make class members. Every row keeps its sourcedId,
// so re-imports update in place. Bulk files are the whole truth for the
// schools they cover: imported rows missing from them are deactivated,
// never deleted (attempts and progress stay). Delta files change the rows
// they list; status tobedeleted deactivates. A user with enabledUser=false
// is imported (or kept) deactivated.
//
// Students without a username get a generated one. Their PIN is created
// when a teacher or admin asks for the class's login cards (LoginCards),
// shown on the cards once and stored only as a bcrypt hash; a 100,000
// student import therefore hashes nothing, and no plain PIN is ever kept.
// Passwords found in users.csv are hashed and never stored plain.
//
// Long imports run as jobs (Submit, Worker) whose upload is kept in the
// database until they end; a job whose worker died is queued again (the
// transaction guarantees nothing was half-applied) and fails cleanly with
// "interrupted" after MaxAttempts.
//
//	im := roster.NewImporter(models.NewRosterStore(db), roster.Config{})
//	src, err := roster.ReadPath("export.zip", im.Limits())
//	if err != nil { ... }
//	res, err := im.Import(ctx, principal, src, dryRun)
//	if problems, _, ok := roster.ProblemsOf(err); ok {
//		for _, p := range problems {
//			fmt.Println(p) // users.csv:12: column role: unknown_role: ...
//		}
//	}
//	fmt.Printf("%+v\n", res.Summary.Users) // {Created:... Updated:... Deactivated:... Unchanged:...}
package roster
