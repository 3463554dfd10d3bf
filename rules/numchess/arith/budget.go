package arith

import "context"

// A budget lets one computation give up when its context is done. The
// computation counts its work (pairs of values combined, sub-questions
// asked) with spend, and every checkEvery units spend looks at the
// context; once it is done, spend panics with an abort that the
// computation's entry point (run) recovers into the context's error.
//
// Every memo write (a tier's tables, the flat value sets) happens only
// after the value written is complete, so an abort leaves in the memos
// only what a computation that was never started would have left there,
// and later answers are unchanged. Nothing may spend while holding a
// tier's mutex.
//
// A nil *budget never gives up and costs one nil check per spend: that is
// the path of the methods without a context.
type budget struct {
	ctx  context.Context
	done <-chan struct{}
	work int
}

// checkEvery is the work between two looks at the context: a few
// thousand values combined or looked up, tens of microseconds.
const checkEvery = 1 << 12

// abort is the panic value with which a budget gives up.
type abort struct {
	b   *budget
	err error
}

// newBudget returns a budget for ctx, or nil when ctx can never be done.
func newBudget(ctx context.Context) *budget {
	done := ctx.Done()
	if done == nil {
		return nil
	}
	return &budget{ctx: ctx, done: done}
}

// spend counts n units of work and gives up (panics with an abort) when
// the context is done.
func (b *budget) spend(n int) {
	if b != nil {
		b.work += n
		if b.work >= checkEvery {
			b.check()
		}
	}
}

func (b *budget) check() {
	b.work = 0
	select {
	case <-b.done:
		panic(abort{b, b.ctx.Err()})
	default:
	}
}

// run calls f under b and returns the context's error if b gave up (or
// the context was done before f started), nil once f has finished.
func (b *budget) run(f func()) (err error) {
	if b == nil {
		f()
		return nil
	}
	if err := b.ctx.Err(); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok || a.b != b {
				panic(r)
			}
			err = a.err
		}
	}()
	f()
	return nil
}
