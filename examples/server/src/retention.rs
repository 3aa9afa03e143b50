//! The retention policy: entities older than `--retention-days` are deleted
//! with everything they hold (statements and PDFs, jobs, the session, webhook
//! payloads), by a sweep that runs at start and then every `retention_sweep`.

use std::time::Duration;

use tokio::sync::watch;

use crate::state::{AppState, blocking};

/// Deletes entities created more than `days` days before `now` (unix seconds);
/// returns the ids of those that went. Blocking.
pub fn sweep(store: &dyn crate::store::Store, days: u32, now: i64) -> crate::store::StoreResult<Vec<String>> {
    let before = now - i64::from(days) * 86_400;
    let mut deleted = Vec::new();
    loop {
        let ids = store.entities_created_before(before, 100)?;
        if ids.is_empty() {
            return Ok(deleted);
        }
        for id in ids {
            if store.delete_entity(&id, false, true)? {
                deleted.push(id);
            }
        }
    }
}

/// Starts the sweep; it stops when `stop` turns true.
pub fn spawn(
    state: AppState,
    days: u32,
    every: Duration,
    mut stop: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if *stop.borrow() {
                break;
            }
            let store = state.store.clone();
            match blocking(move || sweep(store.as_ref(), days, crate::store::now())).await {
                Ok(Ok(ids)) if ids.is_empty() => {}
                Ok(Ok(ids)) => {
                    // Their read responses go from memory too.
                    for id in &ids {
                        state.read_cache.forget(id);
                    }
                    tracing::info!(entities = ids.len(), days, "retention: deleted old entities");
                }
                Ok(Err(e)) => tracing::error!(error = %e, "retention sweep failed"),
                Err(_) => tracing::error!("retention task failed"),
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = stop.changed() => {}
            }
        }
    })
}
