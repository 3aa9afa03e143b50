//! The processing workers: claim a job row, run its stage off the request
//! path, store the result, queue the next stage. Stages run in the order of
//! interface section 1: identity and metadata fraud, then transactions, then
//! the analyses.

use std::time::Duration;

use bankscope::resources::Resource;
use bankscope::{Entity, Error, ErrorKind, Metadata, ReadOptions, Statement};
use tokio::sync::watch;

use crate::state::{AppState, UploadError};
use crate::store::{Job, Stage, Store};

/// Starts `n` workers; they stop when `stop` turns true.
pub fn spawn(state: AppState, n: usize, stop: watch::Receiver<bool>) -> Vec<tokio::task::JoinHandle<()>> {
    (0..n.max(1))
        .map(|i| {
            let state = state.clone();
            let mut stop = stop.clone();
            tokio::spawn(async move {
                loop {
                    if *stop.borrow() {
                        break;
                    }
                    let store = state.store.clone();
                    let claimed = tokio::task::spawn_blocking(move || store.claim_job()).await;
                    match claimed {
                        Ok(Ok(Some(job))) => {
                            let started = std::time::Instant::now();
                            let stage = job.stage.name();
                            let statement = job.statement_id.clone();
                            let attempt = job.attempt;
                            let stage_of = job.stage;
                            let outcome = process(&state, job).await;
                            crate::metrics::stage_run(stage_of, outcome, started.elapsed());
                            tracing::info!(
                                worker = i,
                                stage,
                                statement,
                                attempt,
                                outcome,
                                ms = started.elapsed().as_millis() as u64,
                                "stage done"
                            );
                        }
                        Ok(Ok(None)) => {
                            tokio::select! {
                                _ = state.wake.notified() => {}
                                _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                                _ = stop.changed() => {}
                            }
                        }
                        Ok(Err(e)) => {
                            tracing::error!(worker = i, error = %e, "claiming a job failed");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                        Err(e) => tracing::error!(worker = i, error = %e, "claim task failed"),
                    }
                }
            })
        })
        .collect()
}

/// Failure codes of a run that may succeed when run again: the store failed
/// (`INTERNAL`), the stage panicked, or the watchdog stopped waiting for it.
const RETRYABLE: [&str; 3] = ["INTERNAL", "PANIC", "STAGE_TIMEOUT"];

/// Runs one claimed job's stage under the attempt cap and the stage watchdog,
/// and records how it ended; returns the outcome's name for the log.
///
/// - A claim beyond the cap (the earlier runs never finished: the process died
///   under them or their lease ran out) fails the statement without running it,
///   so a statement that kills its process is run at most `job_attempts` times.
/// - A run that panics, fails internally or outlives `stage_timeout` is run
///   again after `job_backoff * 2^(attempt - 1)` until the cap, then failed.
/// - A refusal (the core's answer about the file) fails at once.
///
/// The watchdog cannot stop a blocking thread: an abandoned run keeps this
/// worker until it returns (so at most `workers` stages run at once) and its
/// result is not recorded (its claim is no longer the job's).
pub async fn process(state: &AppState, job: Job) -> &'static str {
    let cap = state.job_attempts;
    if job.attempt > cap {
        let e = UploadError {
            status: 500,
            code: "ATTEMPTS_EXHAUSTED".into(),
            message: format!(
                "the {} stage was started {} times without finishing (limit {cap}); last: {}",
                job.stage.name(),
                job.attempt - 1,
                job.last_error.as_deref().unwrap_or("unknown")
            ),
        };
        settle(state, &job, Err(e)).await;
        return "exhausted";
    }
    let (st, j) = (state.clone(), job.clone());
    let mut handle = tokio::task::spawn_blocking(move || run(&st, &j));
    let outcome = match tokio::time::timeout(state.stage_timeout, &mut handle).await {
        Ok(Ok(result)) => result,
        Ok(Err(join)) => Err(UploadError {
            status: 500,
            code: "PANIC".into(),
            message: format!("the {} stage panicked ({join})", job.stage.name()),
        }),
        Err(_) => {
            let e = UploadError {
                status: 500,
                code: "STAGE_TIMEOUT".into(),
                message: format!(
                    "the {} stage ran longer than {} s",
                    job.stage.name(),
                    state.stage_timeout.as_secs_f64()
                ),
            };
            tracing::warn!(stage = job.stage.name(), statement = job.statement_id, "stage watchdog fired");
            let name = settle(state, &job, Err(e)).await;
            let _ = handle.await;
            return name;
        }
    };
    settle(state, &job, outcome).await
}

/// Records a run's outcome: nothing more on success; a retry with backoff for
/// a retryable failure under the cap; otherwise the failure.
async fn settle(state: &AppState, job: &Job, outcome: Result<(), UploadError>) -> &'static str {
    let Err(mut e) = outcome else { return "completed" };
    let retryable = RETRYABLE.contains(&e.code.as_str());
    let (st, j) = (state.clone(), job.clone());
    if retryable && job.attempt < state.job_attempts {
        let base = i64::try_from(state.job_backoff.as_millis()).unwrap_or(i64::MAX);
        let at = crate::store::now_ms().saturating_add(crate::store::backoff_ms(base, job.attempt));
        let error = format!("{}: {}", e.code, e.message);
        tracing::warn!(
            stage = job.stage.name(),
            statement = job.statement_id,
            attempt = job.attempt,
            error,
            "stage will run again"
        );
        let done = tokio::task::spawn_blocking(move || st.store.retry_job(&j, &error, at)).await;
        if !matches!(done, Ok(Ok(_))) {
            tracing::error!(job = job.id, "re-queueing a job failed");
        }
        return "retry";
    }
    if retryable {
        e.message = format!("{} (attempt {} of {})", e.message, job.attempt, state.job_attempts);
    }
    if tokio::task::spawn_blocking(move || fail(&st, &j, e)).await.is_err() {
        tracing::error!(job = job.id, "recording a failed job failed");
    }
    "failed"
}

/// The code, HTTP status and message of a statement the core refused.
pub fn upload_error(e: &Error) -> UploadError {
    let (status, message) = match e.kind() {
        ErrorKind::PasswordIncorrect => {
            (400, "The PDF is password protected and the password is wrong or missing.".to_string())
        }
        ErrorKind::PdfIsImage => {
            (400, format!("The PDF is a scan without a text layer; upload the bank's original PDF ({e})."))
        }
        ErrorKind::LimitExceeded => (413, format!("The statement is too large to process ({e}).")),
        _ => (400, e.to_string()),
    };
    UploadError { status, code: e.kind().code().to_string(), message }
}

/// The refusal recorded as a failed statement's message (`CODE: message`).
pub fn refusal_of(message: &str) -> UploadError {
    let (code, text) = message.split_once(": ").unwrap_or(("INTERNAL", message));
    let status = match code {
        "LIMIT_EXCEEDED" => 413,
        "STAGE_TIMEOUT" | "ATTEMPTS_EXHAUSTED" | "PANIC" => 500,
        "DUPLICATE_STATEMENT" => 409,
        "INTERNAL" => 500,
        _ => 400,
    };
    UploadError { status, code: code.to_string(), message: text.to_string() }
}

fn fail(state: &AppState, job: &Job, e: UploadError) {
    let waiter = state.waiters.lock().ok().and_then(|mut w| w.remove(&job.statement_id));
    let store = &state.store;
    match waiter {
        // The uploader is waiting: it gets the error, the failed outcome goes to
        // the webhook, and the statement is not kept.
        Some(tx) if job.stage == Stage::Identity => {
            match store.refuse_statement(job, &format!("{}: {}", e.code, e.message)) {
                Ok(true) => state.webhook_wake.notify_one(),
                Ok(false) => {}
                Err(err) => tracing::error!(error = %err, "refusing a statement"),
            }
            let _ = tx.send(Err(e));
        }
        // Nobody waits (a restart, or the upload answered already): progress shows the failure.
        _ => match store.fail_stage(job, &format!("{}: {}", e.code, e.message)) {
            Ok(true) => {
                drop_file(state, &job.statement_id);
                state.webhook_wake.notify_one()
            }
            Ok(false) => {}
            Err(err) => tracing::error!(error = %err, "recording a failed stage"),
        },
    }
}

/// Empties a processed statement's file unless the server keeps PDFs.
fn drop_file(state: &AppState, statement_id: &str) {
    if !state.keep_pdfs
        && let Err(e) = state.store.drop_file(statement_id)
    {
        tracing::error!(error = %e, "emptying a processed statement's file");
    }
}

fn entity_of(store: &dyn Store, entity_id: &str, until: Stage) -> Result<Entity, String> {
    let rows = store.statements(entity_id).map_err(|e| e.to_string())?;
    let mut entity = Entity::new(None, Metadata::default());
    entity.id = entity_id.parse().map_err(|e| format!("entity id: {e}"))?;
    for row in rows {
        let done = match until {
            Stage::Identity => row.identity,
            Stage::Transactions => row.transactions,
            Stage::Analyses => row.analyses,
        };
        if done != bankscope::resources::ProgressStatus::Completed {
            continue;
        }
        if let Some(json) = row.statement_json {
            entity.statements.push(serde_json::from_str(&json).map_err(|e| format!("stored statement: {e}"))?);
        }
    }
    Ok(entity)
}

/// Runs one stage of one job (blocking); the caller records a failure.
pub fn run(state: &AppState, job: &Job) -> Result<(), UploadError> {
    match job.stage {
        Stage::Identity => identity(state, job),
        Stage::Transactions => transactions(state, job),
        Stage::Analyses => analyses(state, job),
    }
}

fn internal(message: impl Into<String>) -> UploadError {
    UploadError { status: 500, code: "INTERNAL".into(), message: message.into() }
}

fn identity(state: &AppState, job: &Job) -> Result<(), UploadError> {
    let store = &state.store;
    let Some((bytes, password, declared_bank)) =
        store.statement_input(&job.statement_id).map_err(|e| internal(e.to_string()))?
    else {
        return Ok(()); // deleted meanwhile
    };
    let row = store.statement(&job.statement_id).map_err(|e| internal(e.to_string()))?;
    let entity_id = row.map(|r| r.entity_id).unwrap_or_default();
    let options = ReadOptions { password, declared_bank, ..ReadOptions::default() };
    let (mut statement, _) = bankscope::read_pdf_with_forensics(&bytes, &options).map_err(|e| upload_error(&e))?;
    statement.id = job.statement_id.parse().map_err(|e| internal(format!("statement id: {e}")))?;

    // Another copy of a statement already in the entity (the rule is core's).
    let earlier = entity_of(store.as_ref(), &entity_id, Stage::Identity).map_err(internal)?;
    if let Some(dup) = earlier.duplicate_of(&statement) {
        return Err(UploadError { status: 409, code: "DUPLICATE_STATEMENT".into(), message: dup.message });
    }

    let json = serde_json::to_string(&statement).map_err(|e| internal(e.to_string()))?;
    if !store.complete_stage(job, Some(&json)).map_err(|e| internal(e.to_string()))? {
        return Ok(()); // the claim was given up (watchdog or lease): the current claim answers
    }
    state.wake.notify_one();
    if let Some(tx) = state.waiters.lock().ok().and_then(|mut w| w.remove(&job.statement_id)) {
        let _ = tx.send(Ok(Box::new(statement)));
    }
    Ok(())
}

fn transactions(state: &AppState, job: &Job) -> Result<(), UploadError> {
    let store = &state.store;
    let Some(row) = store.statement(&job.statement_id).map_err(|e| internal(e.to_string()))? else { return Ok(()) };
    let Some(json) = row.statement_json else { return Err(internal("identity stage left no statement")) };
    let mut statement: Statement = serde_json::from_str(&json).map_err(|e| internal(e.to_string()))?;
    let metadata = entity_metadata(state, &row.entity_id);
    bankscope::enrich::enrich_statement(&mut statement, &metadata);
    let json = serde_json::to_string(&statement).map_err(|e| internal(e.to_string()))?;
    if store.complete_stage(job, Some(&json)).map_err(|e| internal(e.to_string()))? {
        state.wake.notify_one();
    }
    Ok(())
}

fn entity_metadata(state: &AppState, entity_id: &str) -> Metadata {
    // The entity row is read without an organisation filter: the job belongs to it.
    match state.store.entity_metadata(entity_id) {
        Ok(Some(v)) => crate::session::stored_metadata(entity_id, v),
        Ok(None) => Metadata::default(),
        Err(e) => {
            tracing::warn!(entity = entity_id, error = %e, "reading the entity's metadata failed");
            Metadata::default()
        }
    }
}

fn analyses(state: &AppState, job: &Job) -> Result<(), UploadError> {
    let store = &state.store;
    let Some(row) = store.statement(&job.statement_id).map_err(|e| internal(e.to_string()))? else { return Ok(()) };
    let mut entity = entity_of(store.as_ref(), &row.entity_id, Stage::Transactions).map_err(internal)?;
    entity.metadata = entity_metadata(state, &row.entity_id);
    // Every analysis the core computes must compute over the entity with this statement.
    for resource in Resource::ALL.iter().copied().filter(|r| *r != Resource::XlsxReport) {
        match entity.response_json(resource, None) {
            Ok(_) => {}
            Err(Error::InvalidArgument { name, .. }) if name == "resource" => {}
            Err(e) => return Err(UploadError { status: 500, code: e.kind().code().into(), message: e.to_string() }),
        }
    }
    if store.complete_stage(job, None).map_err(|e| internal(e.to_string()))? {
        drop_file(state, &job.statement_id);
        state.webhook_wake.notify_one();
    }
    Ok(())
}
