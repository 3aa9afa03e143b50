//! The account stage: every account of an entity analysed once per version.
//!
//! An [`EntityAnalysis`] is built from an [`Entity`] as it stands (one
//! version: its statements, metadata and id). Each account
//! ([`AccountAnalysis`]) starts from its merged, enriched transactions
//! ([`crate::aggregate`]) and takes the account-level decisions once:
//!
//! 1. **salary** ([`crate::enrich::salary::detect`], the only place it is
//!    called outside tests), marked in place on the account's transactions
//!    ([`crate::enrich::salary::apply`]) so every later figure reads the same
//!    channel and employer;
//! 2. **lender transactions** ([`crate::enrich::lender::detect`]), after the
//!    employer's own credits are unmarked ([`crate::enrich::lender::employer_credits`]:
//!    an NBFC paying its employee is not his lender).
//!
//! The analyses then read those decisions and are each computed at most once,
//! on first use: recurring sets, the monthly tally (monthly analysis, EOD
//! balances, predictors), the score and the fraud findings. The responses
//! (`crate::respond`), the xlsx report (`crate::report`), the CLI, the
//! bindings and the server only shape what is here; `progress` is a parameter
//! of that shaping ([`EntityAnalysis::with_progress`]).
//!
//! Data flows one way: `model` ← `enrich` ← `analysis` ← `account` ←
//! `resources`/`respond`/`report`. Nothing in `analysis` imports `enrich`,
//! `account` or `resources`.

use std::cell::OnceCell;
use std::collections::HashMap;

use crate::aggregate::AccountView;
use crate::analysis::fraud::{self, Finding};
use crate::analysis::monthly::{self, Tally};
use crate::analysis::predictors::{self, Predictors};
use crate::analysis::recurring::{self, Recurring};
use crate::analysis::score::{self, Scorecard};
use crate::enrich::{lender, salary};
use crate::error::{Error, Result};
use crate::model::{Entity, Metadata, SalaryHit, Transaction};
use crate::resources::{Progress, Resource};

/// One account of an entity with its account-level decisions and analyses.
#[derive(Debug)]
pub struct AccountAnalysis<'a> {
    /// The account: id, bank, months, identity, statements, and its
    /// transactions with salary marked.
    pub view: AccountView<'a>,
    /// Its salary credits, in transaction order (indices into
    /// `view.transactions`).
    pub salary: Vec<SalaryHit>,
    /// Its lender transactions (indices into `view.transactions`).
    pub lenders: Vec<usize>,
    recurring: OnceCell<Recurring>,
    tally: OnceCell<Tally>,
    predictors: OnceCell<Predictors>,
    scorecard: OnceCell<Scorecard>,
    findings: OnceCell<Vec<Finding>>,
}

impl<'a> AccountAnalysis<'a> {
    /// Takes the account-level decisions for `view` with the customer's
    /// `metadata` (employer names help salary detection).
    pub fn new(mut view: AccountView<'a>, metadata: &Metadata) -> Self {
        let corporate = view.identity.account_category == crate::model::AccountCategory::Corporate;
        let salary = salary::detect_for(&view.transactions, metadata, corporate);
        // The account's own copy only when marking changes a transaction.
        if salary::apply_needed(&view.transactions, &salary) {
            salary::apply(view.transactions.to_mut(), &salary);
        }
        // The employer's own credits are not a lender's, though the employer is one.
        let employer = lender::employer_credits(&view.transactions, &salary);
        if !employer.is_empty() {
            lender::clear(view.transactions.to_mut(), &employer);
        }
        let unnamed = lender::unnamed_mandates(&view.transactions);
        if !unnamed.is_empty() {
            lender::apply(view.transactions.to_mut(), &unnamed);
        }
        let lenders = lender::detect(&view.transactions);
        AccountAnalysis {
            view,
            salary,
            lenders,
            recurring: OnceCell::new(),
            tally: OnceCell::new(),
            predictors: OnceCell::new(),
            scorecard: OnceCell::new(),
            findings: OnceCell::new(),
        }
    }

    /// The account id (UUID text).
    pub fn id(&self) -> &str {
        &self.view.info.account_id
    }

    /// The account's transactions, merged, enriched, salary marked.
    pub fn transactions(&self) -> &[Transaction] {
        &self.view.transactions
    }

    /// Recurring credit and debit sets ([`recurring::detect`]).
    pub fn recurring(&self) -> &Recurring {
        self.recurring.get_or_init(|| recurring::detect(self.transactions()))
    }

    /// Every month tallied ([`monthly::tally`]): the monthly analysis, the EOD
    /// balances and the predictors read it.
    pub fn tally(&self) -> &Tally {
        self.tally.get_or_init(|| monthly::tally(self.transactions(), &self.salary, &self.lenders))
    }

    /// The predictors ([`predictors::from_tally`]).
    pub fn predictors(&self) -> &Predictors {
        self.predictors.get_or_init(|| predictors::from_tally(self.tally(), &self.view.info.bank, self.view.identity))
    }

    /// The score and the factors behind it ([`score::score`] of the predictors).
    pub fn scorecard(&self) -> &Scorecard {
        self.scorecard.get_or_init(|| score::score(self.predictors()))
    }

    /// Every fraud finding ([`fraud::account_findings`]).
    pub fn findings(&self) -> &[Finding] {
        self.findings.get_or_init(|| {
            fraud::account_findings(&self.view.statements, self.transactions(), self.view.identity, &self.salary)
        })
    }
}

/// An entity's accounts analysed ([`AccountAnalysis`]), in the order of
/// [`Entity::accounts`], with the `progress` its responses carry.
#[derive(Debug)]
pub struct EntityAnalysis<'a> {
    /// The entity analysed.
    pub entity: &'a Entity,
    /// Its accounts.
    pub accounts: Vec<AccountAnalysis<'a>>,
    progress: Option<HashMap<Resource, Vec<Progress>>>,
}

impl<'a> EntityAnalysis<'a> {
    /// Every account of `entity` analysed, with `entity`'s own (completed)
    /// progress ([`Entity::progress`]).
    pub fn new(entity: &'a Entity) -> Self {
        let accounts = entity.accounts().into_iter().map(|v| AccountAnalysis::new(v, &entity.metadata)).collect();
        EntityAnalysis { entity, accounts, progress: None }
    }

    /// The same analysis whose responses carry `progress` for each resource
    /// (a host that processes statements in stages, as the server does); a
    /// resource missing from the map carries an empty list.
    #[must_use]
    pub fn with_progress(mut self, progress: HashMap<Resource, Vec<Progress>>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The `progress` of `resource`'s response: the host's when given
    /// ([`EntityAnalysis::with_progress`]), else one completed object per
    /// statement (the identity response's with its `transaction_status`).
    pub fn progress(&self, resource: Resource) -> Vec<Progress> {
        match &self.progress {
            Some(map) => map.get(&resource).cloned().unwrap_or_default(),
            None if resource == Resource::Identity => self.entity.identity_progress(),
            None => self.entity.progress(),
        }
    }

    /// The entity id (UUID text).
    pub fn entity_id(&self) -> String {
        self.entity.id.to_string()
    }

    /// One account by its id.
    pub fn account(&self, account_id: &str) -> Option<&AccountAnalysis<'a>> {
        self.accounts.iter().find(|a| a.id() == account_id)
    }

    /// The accounts of `account_id` only, or all; an unknown id is an error.
    pub fn selected(&self, account_id: Option<&str>) -> Result<Vec<&AccountAnalysis<'a>>> {
        match account_id {
            None => Ok(self.accounts.iter().collect()),
            Some(id) => {
                let chosen: Vec<_> = self.accounts.iter().filter(|a| a.id() == id).collect();
                if chosen.is_empty() {
                    Err(Error::invalid_argument("account_id", format!("no account {id:?} in this entity")))
                } else {
                    Ok(chosen)
                }
            }
        }
    }
}

impl Entity {
    /// Every account of this entity analysed once ([`EntityAnalysis`]): build
    /// it once and shape every response from it.
    pub fn analysis(&self) -> EntityAnalysis<'_> {
        EntityAnalysis::new(self)
    }
}
