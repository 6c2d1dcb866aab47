/* Kalends' constraint solver (C ABI, libkalends.so) against kiwi's header-only C++ core
   (kiwisolver 1.5.1), in one process: the same systems fed to both, samples alternating
   (the order flips every sample), medians printed with ratio = kiwi / Kalends
   (above 1: Kalends is faster). Every answer is checked; a mismatch exits 1.

   (a) chain of N variables: x0 == 0 and x[i+1] >= x[i] + 10 required, x[i] == 7i weak.
       Build + solve: a new solver and its N variables, every constraint added,
       updateVariables. Expected x[i] == 10i.
   (b) edit loop on the chain, per suggestValue + updateVariables (10,000 per sample):
       - drag x0 (strong edit; x0 == 0 is weak here so the drag moves the chain):
         every variable moves, x[i] == v + 10i;
       - drag x[N-1] (strong edit; x0 == 0 stays required so the answer is unique):
         one variable moves, x[i] == 10i below it.
   (c) kiwi's enaml-like form (enaml_form.h): build (2 edit variables, 111 constraints,
       updateVariables), then width and height suggested over kiwi's six sizes,
       updateVariables after each pair; every value compared between the two.

   Both sides start from the same prepared term lists; kiwi's build includes making its
   Variable, Expression and Constraint objects, Kalends' its ids and mirror array.
   Kalends publishes through kalends_solver_update_variables into a caller mirror
   (its real "publish values" cost); kiwi through Variable::setValue. Tear-down is not
   timed. Usage: solver_bench [SAMPLES] (default 9). */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <kiwi/kiwi.h>

#include "enaml_form.h"
#include "kalends.h"
#include "stats.h"

#define KCHECK(call)                                                                                           \
    do {                                                                                                       \
        kalends_status st_ = (call);                                                                           \
        if (st_ != KALENDS_OK) {                                                                               \
            std::fprintf(stderr, "%s: %s (%s)\n", #call, kalends_status_string(st_), kalends_last_error()); \
            std::exit(2);                                                                                      \
        }                                                                                                      \
    } while (0)

/* ---- systems, described once and fed to both solvers -------------------------------- */

struct Con {
    std::vector<kalends_term> terms;
    double constant;
    int relation;  /* KALENDS_RELATION_* */
    double kal_strength, kiwi_strength;
};

struct System {
    int nvars = 0;
    std::vector<int> edits;  /* strong edit variables, added before the constraints */
    std::vector<Con> cons;
};

static Con make_con(std::vector<kalends_term> terms, double constant, int relation, double kal, double kw) {
    return Con{std::move(terms), constant, relation, kal, kw};
}

static kalends_term term(int var, double coefficient) { return kalends_term{var, 0, coefficient}; }

/* (a)/(b): anchor_required says whether x0 == 0 is required or weak */
static System chain(int n, bool anchor_required) {
    System s;
    s.nvars = n;
    s.cons.push_back(make_con({term(0, 1)}, 0, KALENDS_RELATION_EQUAL,
                              anchor_required ? KALENDS_STRENGTH_REQUIRED : KALENDS_STRENGTH_WEAK,
                              anchor_required ? kiwi::strength::required : kiwi::strength::weak));
    for (int i = 0; i + 1 < n; i++)  /* x[i+1] - x[i] - 10 >= 0 */
        s.cons.push_back(make_con({term(i + 1, 1), term(i, -1)}, -10, KALENDS_RELATION_GREATER_OR_EQUAL,
                                  KALENDS_STRENGTH_REQUIRED, kiwi::strength::required));
    for (int i = 0; i < n; i++)  /* x[i] - 7i == 0 */
        s.cons.push_back(make_con({term(i, 1)}, -7.0 * i, KALENDS_RELATION_EQUAL, KALENDS_STRENGTH_WEAK,
                                  kiwi::strength::weak));
    return s;
}

static int var_index(const std::string &name) {
    for (size_t i = 0; i < sizeof form_variables / sizeof *form_variables; i++)
        if (name == form_variables[i]) return (int)i;
    std::fprintf(stderr, "enaml form: unknown variable %s\n", name.c_str());
    std::exit(2);
}

/* Adds `sign` x one side of a form constraint ("a + 0.5*b - 10") to terms/constant. */
static void parse_side(const std::string &side, double sign, std::vector<kalends_term> &terms, double &constant) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s", side.c_str());
    double s = sign;
    for (char *tok = std::strtok(buf, " "); tok; tok = std::strtok(nullptr, " ")) {
        if (!std::strcmp(tok, "+")) { s = sign; continue; }
        if (!std::strcmp(tok, "-")) { s = -sign; continue; }
        char *star = std::strchr(tok, '*'), *end;
        double k = std::strtod(tok, &end);
        if (star) terms.push_back(term(var_index(star + 1), s * k));
        else if (end != tok && *end == '\0') constant += s * k;
        else terms.push_back(term(var_index(tok), s));
    }
}

static System enaml_form() {
    double mmedium_kal, smedium_kal;
    KCHECK(kalends_strength(0, 1, 0, 1.25, &mmedium_kal));
    KCHECK(kalends_strength(0, 100, 0, 1, &smedium_kal));
    const double mmedium_kiwi = kiwi::strength::create(0, 1, 0, 1.25), smedium_kiwi = kiwi::strength::create(0, 100, 0);
    if (mmedium_kal != mmedium_kiwi || smedium_kal != smedium_kiwi) {
        std::fprintf(stderr, "strength mismatch: %g/%g %g/%g\n", mmedium_kal, mmedium_kiwi, smedium_kal, smedium_kiwi);
        std::exit(1);
    }
    System s;
    s.nvars = (int)(sizeof form_variables / sizeof *form_variables);
    s.edits = {var_index("width"), var_index("height")};
    for (const char *text : form_constraints) {
        std::string line(text);
        size_t colon = line.find(" : ");
        std::string body = line.substr(0, colon), strength = line.substr(colon + 3);
        static const struct { const char *op; int relation; } ops[] = {
            {" == ", KALENDS_RELATION_EQUAL}, {" >= ", KALENDS_RELATION_GREATER_OR_EQUAL},
            {" <= ", KALENDS_RELATION_LESS_OR_EQUAL}};
        Con c{{}, 0, 0, 0, 0};
        size_t at = std::string::npos;
        for (const auto &o : ops)
            if ((at = body.find(o.op)) != std::string::npos) { c.relation = o.relation; break; }
        parse_side(body.substr(0, at), 1, c.terms, c.constant);
        parse_side(body.substr(at + 4), -1, c.terms, c.constant);
        if (strength == "required") c.kal_strength = KALENDS_STRENGTH_REQUIRED, c.kiwi_strength = kiwi::strength::required;
        else if (strength == "strong") c.kal_strength = KALENDS_STRENGTH_STRONG, c.kiwi_strength = kiwi::strength::strong;
        else if (strength == "medium") c.kal_strength = KALENDS_STRENGTH_MEDIUM, c.kiwi_strength = kiwi::strength::medium;
        else if (strength == "weak") c.kal_strength = KALENDS_STRENGTH_WEAK, c.kiwi_strength = kiwi::strength::weak;
        else if (strength == "mmedium") c.kal_strength = mmedium_kal, c.kiwi_strength = mmedium_kiwi;
        else if (strength == "smedium") c.kal_strength = smedium_kal, c.kiwi_strength = smedium_kiwi;
        else { std::fprintf(stderr, "enaml form: strength %s\n", strength.c_str()); std::exit(2); }
        s.cons.push_back(std::move(c));
    }
    return s;
}

/* ---- the two solvers --------------------------------------------------------------- */

struct Kiwi {
    kiwi::Solver solver;
    std::vector<kiwi::Variable> vars;
    double value(int i) const { return vars[(size_t)i].value(); }
};

static std::unique_ptr<Kiwi> kiwi_build(const System &s) {
    std::unique_ptr<Kiwi> k(new Kiwi);
    k->vars.reserve((size_t)s.nvars);
    for (int i = 0; i < s.nvars; i++) k->vars.emplace_back();
    for (int e : s.edits) k->solver.addEditVariable(k->vars[(size_t)e], kiwi::strength::strong);
    for (const Con &c : s.cons) {
        std::vector<kiwi::Term> terms;
        terms.reserve(c.terms.size());
        for (const kalends_term &t : c.terms) terms.emplace_back(k->vars[(size_t)t.variable], t.coefficient);
        kiwi::RelationalOperator op = c.relation == KALENDS_RELATION_EQUAL ? kiwi::OP_EQ
                                      : c.relation > 0                     ? kiwi::OP_GE
                                                                           : kiwi::OP_LE;
        k->solver.addConstraint(kiwi::Constraint(kiwi::Expression(std::move(terms), c.constant), op, c.kiwi_strength));
    }
    k->solver.updateVariables();
    return k;
}

struct Kal {
    kalends_solver *solver = nullptr;
    std::vector<double> mirror;  /* kept in step by kalends_solver_update_variables */
    ~Kal() { kalends_solver_free(solver); }
    double value(int i) const { return mirror[(size_t)i]; }
    void update() { KCHECK(kalends_solver_update_variables(solver, mirror.data(), (int32_t)mirror.size(), nullptr)); }
};

static std::unique_ptr<Kal> kal_build(const System &s) {
    std::unique_ptr<Kal> k(new Kal);
    int32_t first = 0, id = 0;
    KCHECK(kalends_solver_new(&k->solver));
    KCHECK(kalends_solver_add_variables(k->solver, s.nvars, &first));
    k->mirror.assign((size_t)s.nvars, 0.0);
    for (int e : s.edits) KCHECK(kalends_solver_add_edit_variable(k->solver, first + e, KALENDS_STRENGTH_STRONG));
    for (const Con &c : s.cons)
        KCHECK(kalends_solver_add_constraint_terms(k->solver, c.terms.data(), (int32_t)c.terms.size(), c.constant,
                                                   c.relation, c.kal_strength, &id));
    k->update();
    return k;
}

/* ---- checks and reporting ------------------------------------------------------------ */

static bool close_to(double a, double b) { return std::fabs(a - b) <= 1e-6 * (1 + std::fabs(b)); }

/* Both solvers' published values (Kalends: mirror and kalends_solver_values) against
   each other and, when expected is given, against expected(i). */
template <class Expected>
static void check(const char *what, const Kiwi &kw, const Kal &kl, int n, Expected expected) {
    std::vector<double> bulk((size_t)n);
    KCHECK(kalends_solver_values(kl.solver, 0, n, bulk.data()));
    for (int i = 0; i < n; i++) {
        double want = expected(i, kw.value(i));
        if (!close_to(kw.value(i), want) || !close_to(kl.value(i), want) || bulk[(size_t)i] != kl.value(i)) {
            std::fprintf(stderr, "%s: variable %d: kiwi %.9g, kalends mirror %.9g, values %.9g, expected %.9g\n",
                         what, i, kw.value(i), kl.value(i), bulk[(size_t)i], want);
            std::exit(1);
        }
    }
}

static void report(const char *key, const char *label, const double *kw, const double *kl, int samples,
                   const char *unit) {
    double a = median(kw, samples), b = median(kl, samples);
    summary(key, a, b);
    std::printf("  %-40s kiwi %10.2f %s   kalends %10.2f %s   kiwi/kalends %6.2fx\n", label, a, unit, b, unit,
                a / b);
    std::fflush(stdout);
}

/* ---- workloads ------------------------------------------------------------------------ */

/* (a) µs per build + solve, `reps` builds per sample */
static void bench_chain_build(int n, int reps, int samples) {
    System sys = chain(n, true);
    double kw[MAX_SAMPLES], kl[MAX_SAMPLES];
    auto expect = [](int i, double) { return 10.0 * i; };
    for (int s = -1; s < samples; s++) {  /* s == -1: warm-up */
        double tk = 0, tl = 0;
        for (int side = 0; side < 2; side++) {
            bool kiwi_turn = (side == 0) == (s % 2 == 0);
            for (int r = 0; r < reps; r++) {
                double t0 = now_ns();
                if (kiwi_turn) {
                    std::unique_ptr<Kiwi> k = kiwi_build(sys);
                    tk += now_ns() - t0;
                    for (int i = 0; i < n; i++)
                        if (!close_to(k->value(i), 10.0 * i)) { std::fprintf(stderr, "kiwi chain x%d = %g\n", i, k->value(i)); std::exit(1); }
                } else {
                    std::unique_ptr<Kal> k = kal_build(sys);
                    tl += now_ns() - t0;
                    if (r == 0 && s < 0) {  /* full cross-check once, against a fresh kiwi */
                        std::unique_ptr<Kiwi> ref = kiwi_build(sys);
                        check("chain", *ref, *k, n, expect);
                    }
                    for (int i = 0; i < n; i++)
                        if (!close_to(k->value(i), 10.0 * i)) { std::fprintf(stderr, "kalends chain x%d = %g\n", i, k->value(i)); std::exit(1); }
                }
            }
        }
        if (s >= 0) kw[s] = tk / reps / 1e3, kl[s] = tl / reps / 1e3;
    }
    char label[64];
    std::snprintf(label, sizeof label, "N = %d (%d constraints)", n, (int)sys.cons.size());
    char key[64];
    std::snprintf(key, sizeof key, "solver.c.chain_build.%d", n);
    report(key, label, kw, kl, samples, "us");
}

/* (b) ns per suggestValue + updateVariables, dragging x0 (last = false) or x[n-1] */
static void bench_drag(int n, bool last, int steps, int samples) {
    System sys = chain(n, last);
    int edit = last ? n - 1 : 0;
    double base = last ? 10.0 * (n - 1) : 0;
    std::unique_ptr<Kiwi> kw = kiwi_build(sys);
    std::unique_ptr<Kal> kl = kal_build(sys);
    kw->solver.addEditVariable(kw->vars[(size_t)edit], kiwi::strength::strong);
    KCHECK(kalends_solver_add_edit_variable(kl->solver, edit, KALENDS_STRENGTH_STRONG));
    double tkw[MAX_SAMPLES], tkl[MAX_SAMPLES];
    for (int s = -1; s < samples; s++) {
        for (int side = 0; side < 2; side++) {
            bool kiwi_turn = (side == 0) == (s % 2 == 0);
            double t0 = now_ns();
            if (kiwi_turn) {
                kiwi::Variable &v = kw->vars[(size_t)edit];
                for (int k = 0; k < steps; k++) {
                    kw->solver.suggestValue(v, base + k % 200);
                    kw->solver.updateVariables();
                }
            } else {
                for (int k = 0; k < steps; k++) {
                    KCHECK(kalends_solver_suggest_value(kl->solver, edit, base + k % 200));
                    kl->update();
                }
            }
            double per = (now_ns() - t0) / steps;
            if (s >= 0) (kiwi_turn ? tkw : tkl)[s] = per;
        }
        double final_v = base + (steps - 1) % 200;
        check("drag", *kw, *kl, n, [&](int i, double) {
            return last ? (i == n - 1 ? final_v : 10.0 * i) : final_v + 10.0 * i;
        });
    }
    char label[64];
    std::snprintf(label, sizeof label, "N = %d, drag %s", n, last ? "x[N-1], one moves" : "x0, all move");
    char key[64];
    std::snprintf(key, sizeof key, "solver.c.drag_%s.%d", last ? "last" : "x0", n);
    report(key, label, tkw, tkl, samples, "ns");
}

/* (c) the enaml-like form: build, then the resize loop */
static void bench_form(int samples) {
    System sys = enaml_form();
    const int reps = 300, steps = 30000, nsizes = (int)(sizeof form_sizes / sizeof *form_sizes);
    double bkw[MAX_SAMPLES], bkl[MAX_SAMPLES], rkw[MAX_SAMPLES], rkl[MAX_SAMPLES];
    auto agree = [](int, double kiwi_value) { return kiwi_value; };
    for (int s = -1; s < samples; s++) {
        double tk = 0, tl = 0;
        for (int side = 0; side < 2; side++) {
            bool kiwi_turn = (side == 0) == (s % 2 == 0);
            for (int r = 0; r < reps; r++) {
                double t0 = now_ns();
                if (kiwi_turn) { std::unique_ptr<Kiwi> k = kiwi_build(sys); tk += now_ns() - t0; }
                else { std::unique_ptr<Kal> k = kal_build(sys); tl += now_ns() - t0; }
            }
        }
        if (s >= 0) bkw[s] = tk / reps / 1e3, bkl[s] = tl / reps / 1e3;
    }
    std::unique_ptr<Kiwi> kw = kiwi_build(sys);
    std::unique_ptr<Kal> kl = kal_build(sys);
    check("form build", *kw, *kl, sys.nvars, agree);
    const int width = var_index("width"), height = var_index("height");
    for (int s = -1; s < samples; s++) {
        for (int side = 0; side < 2; side++) {
            bool kiwi_turn = (side == 0) == (s % 2 == 0);
            double t0 = now_ns();
            for (int k = 0; k < steps; k++) {
                const double *size = form_sizes[k % nsizes];
                if (kiwi_turn) {
                    kw->solver.suggestValue(kw->vars[(size_t)width], size[0]);
                    kw->solver.suggestValue(kw->vars[(size_t)height], size[1]);
                    kw->solver.updateVariables();
                } else {
                    KCHECK(kalends_solver_suggest_value(kl->solver, width, size[0]));
                    KCHECK(kalends_solver_suggest_value(kl->solver, height, size[1]));
                    kl->update();
                }
            }
            double per = (now_ns() - t0) / steps;
            if (s >= 0) (kiwi_turn ? rkw : rkl)[s] = per;
        }
        check("form resize", *kw, *kl, sys.nvars, agree);
    }
    /* every size once more, both sides compared after each */
    for (int k = 0; k < nsizes; k++) {
        kw->solver.suggestValue(kw->vars[(size_t)width], form_sizes[k][0]);
        kw->solver.suggestValue(kw->vars[(size_t)height], form_sizes[k][1]);
        kw->solver.updateVariables();
        KCHECK(kalends_solver_suggest_value(kl->solver, width, form_sizes[k][0]));
        KCHECK(kalends_solver_suggest_value(kl->solver, height, form_sizes[k][1]));
        kl->update();
        check("form size", *kw, *kl, sys.nvars, agree);
        if (kw->value(width) != form_sizes[k][0] || kw->value(height) != form_sizes[k][1]) {
            std::fprintf(stderr, "form: window %gx%g\n", kw->value(width), kw->value(height));
            std::exit(1);
        }
    }
    char label[64];
    std::snprintf(label, sizeof label, "build (%d vars, 2 edits, %d constraints)", sys.nvars, (int)sys.cons.size());
    report("solver.c.form_build", label, bkw, bkl, samples, "us");
    report("solver.c.form_resize", "resize: 2 suggestions + update, per step", rkw, rkl, samples, "ns");
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? std::atoi(argv[1]) : 9;
    if (samples < 3 || samples > MAX_SAMPLES) samples = 9;
    std::printf("constraint solver: Kalends (C ABI) against kiwi %s (C++), %d alternating samples, medians\n",
                KIWI_VERSION, samples);
    std::printf("(a) chain: build + solve (solver, variables, constraints, updateVariables), per build\n");
    bench_chain_build(100, 20, samples);
    bench_chain_build(1000, 2, samples);
    bench_chain_build(3000, 1, samples);
    std::printf("(b) edit loop on the chain: suggestValue + updateVariables, per step (10,000 steps a sample)\n");
    for (int n : {100, 1000}) {
        bench_drag(n, false, 10000, samples);
        bench_drag(n, true, 10000, samples);
    }
    std::printf("(c) kiwi's enaml-like form layout\n");
    bench_form(samples);
    return 0;
}
