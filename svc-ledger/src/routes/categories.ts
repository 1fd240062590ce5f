import type { FastifyInstance } from 'fastify';
import { EVENTS, IdParams, MessageResponse } from '@hf/contracts';
import {
  CategoryResponse,
  CategoryTree,
  CreateCategoryBody,
  MergeCategoriesBody,
  UpdateCategoryBody,
} from '@hf/contracts/ledger';
import type {
  CategoriesMergedV1,
  CategoryChangedV1,
  CategoryCreatedV1,
  CategoryDeletedV1,
} from '@hf/contracts/ledger-events';
import { badRequest, notFound, identityOf } from '@hf/service-kit';
import {
  assertCanBeParent,
  assertCanReparent,
  assertSiblingNameFree,
  buildTree,
  planDelete,
  planMerge,
  validCategoryName,
} from '../domain/category-tree';
import {
  categoriesOf,
  categorySnapshot,
  deleteCategories,
  insertCategory,
  markCategoryDeleting,
  recategoriseRows,
  updateCategory,
} from '../repositories/categories';
import type { LedgerWrite } from '../repositories/events';
import { runWrite } from '../write';
import { CATEGORY_NOT_FOUND, LEDGER_ERRORS } from '../route-helpers';

/** The category tree: list, add, rename / re-parent, delete, merge. */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/categories/', { schema: { response: { 200: CategoryTree, ...LEDGER_ERRORS } } }, async (request) => {
    return buildTree(await categoriesOf(app.db, identityOf(request).householdId));
  });

  app.post<{ Body: CreateCategoryBody }>(
    '/api/categories/',
    { schema: { body: CreateCategoryBody, response: { 201: CategoryResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const name = validCategoryName(request.body.name);
      const parentId = request.body.parent_id ?? null;
      const created = await runWrite(app, reply, actor, async (w) => {
        const categories = await categoriesOf(w.client, actor.householdId, true);
        if (parentId !== null) {
          const parent = categories.find((c) => c.id === parentId);
          if (!parent) throw notFound(CATEGORY_NOT_FOUND);
          assertCanBeParent(parent);
        }
        assertSiblingNameFree(categories, name, parentId);
        const category = await insertCategory(w.client, actor.householdId, name, parentId);
        const data: CategoryCreatedV1 = { category: categorySnapshot(actor.householdId, category) };
        w.emit(EVENTS.categoryCreated, `category/${category.id}`, data);
        return category;
      });
      reply.code(201);
      return created;
    },
  );

  app.put<{ Params: IdParams; Body: UpdateCategoryBody }>(
    '/api/categories/:id',
    { schema: { params: IdParams, body: UpdateCategoryBody, response: { 200: CategoryResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const body = request.body;
      if (body.name === undefined && body.parent_id === undefined) throw badRequest('Give a new name or a new parent.');
      const newName = body.name === undefined ? undefined : validCategoryName(body.name);
      return runWrite(app, reply, actor, async (w) => {
        const categories = await categoriesOf(w.client, actor.householdId, true);
        const category = categories.find((c) => c.id === request.params.id);
        if (!category) throw notFound(CATEGORY_NOT_FOUND);
        const parentId = body.parent_id === undefined ? category.parent_id : body.parent_id;
        if (parentId !== null && !categories.some((c) => c.id === parentId)) throw notFound(CATEGORY_NOT_FOUND);
        if (parentId !== category.parent_id) assertCanReparent(categories, category.id, parentId);
        const name = newName ?? category.name;
        if (name === category.name && parentId === category.parent_id) return category;
        assertSiblingNameFree(categories, name, parentId, category.id);
        const updated = await updateCategory(w, category.id, name, parentId);
        const data: CategoryChangedV1 = {
          before: categorySnapshot(actor.householdId, category),
          after: categorySnapshot(actor.householdId, updated),
        };
        w.emit(EVENTS.categoryChanged, `category/${category.id}`, data);
        return updated;
      });
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/categories/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      await runWrite(app, reply, actor, (w) => deleteCategory(w, request.params.id));
      return { message: 'Category deleted.' };
    },
  );

  app.post<{ Body: MergeCategoriesBody }>(
    '/api/categories/merge',
    { schema: { body: MergeCategoriesBody, response: { 200: MessageResponse, ...LEDGER_ERRORS } } },
    async (request, reply) => {
      const actor = identityOf(request);
      const { source_id: sourceId, destination_id: destinationId } = request.body;
      await runWrite(app, reply, actor, (w) => mergeCategories(w, sourceId, destinationId));
      return { message: 'Categories merged successfully.' };
    },
  );
}

/** Deletes a category: its rows become uncategorised, its children top level (renamed when their name is taken). */
async function deleteCategory(w: LedgerWrite, categoryId: number): Promise<void> {
  const categories = await categoriesOf(w.client, w.householdId, true);
  const category = categories.find((c) => c.id === categoryId);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  const plan = planDelete(categories, category.id);
  // Its rows become uncategorised (the foreign key would do it; this keeps updated_at honest).
  await recategoriseRows(w, category.id, null);
  // Children first leave the parent (under a free name), then the parent goes. The parent's
  // own name is freed first, so that a child named like it can take it at top level.
  await markCategoryDeleting(w, category.id);
  for (const child of plan.promoted) await updateCategory(w, child.id, child.name, null);
  await deleteCategories(w, [category.id]);
  const data: CategoryDeletedV1 = {
    category: categorySnapshot(w.householdId, category),
    promoted_children: plan.promoted.map((c) => categorySnapshot(w.householdId, c)),
  };
  w.emit(EVENTS.categoryDeleted, `category/${category.id}`, data);
}

/** Merges a category into another: its rows and children move there, then it is deleted. */
async function mergeCategories(w: LedgerWrite, sourceId: number, destinationId: number): Promise<void> {
  const categories = await categoriesOf(w.client, w.householdId, true);
  const source = categories.find((c) => c.id === sourceId);
  const destination = categories.find((c) => c.id === destinationId);
  if (!source || !destination) throw notFound(CATEGORY_NOT_FOUND);
  const plan = planMerge(categories, source.id, destination.id);
  for (const { from, to } of plan.reassigned) await recategoriseRows(w, from, to);
  for (const child of plan.reparented) await updateCategory(w, child.id, child.name, child.parent_id);
  await deleteCategories(w, plan.deleted);
  const data: CategoriesMergedV1 = {
    source: categorySnapshot(w.householdId, source),
    destination: categorySnapshot(w.householdId, destination),
    reassigned: plan.reassigned.map((r) => ({ from_category_id: r.from, to_category_id: r.to })),
    reparented: plan.reparented.map((c) => categorySnapshot(w.householdId, c)),
    deleted_category_ids: plan.deleted,
  };
  w.emit(EVENTS.categoriesMerged, `category/${source.id}`, data);
}
